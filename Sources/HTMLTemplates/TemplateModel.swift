/// A value whose fields templates read by name: `{{title}}`, `{{#rows}}…{{/rows}}`.
///
/// A conforming type lists its fields once; a template is compiled against that list the first
/// time it renders the type, so rendering reads each field through its own closure without
/// looking names up. A name the model does not list, or whose optional value is nil, is looked
/// up in the model of the enclosing section, then further out, as in Mustache.
///
/// ```swift
/// struct OrderRow: TemplateModel {
///     let id: String
///     let note: String?
///     static let templateFields = TemplateFields<Self>([
///         "id": .text(\.id),
///         "note": .text(\.note),
///         "isNew": .flag { $0.id.hasPrefix("NEW-") },
///     ])
/// }
/// ```
///
/// A model that does not conform (a plain struct with stored properties) is read through
/// reflection instead: the same output, at several times the cost.
public protocol TemplateModel {
    /// The fields templates may name, each with how to read it.
    static var templateFields: TemplateFields<Self> { get }
}

extension String: TemplateModel {
    /// `{{.}}`: the text itself, in a section over a list of strings.
    public static let templateFields = TemplateFields<String>([".": .text(\.self)])
}

extension Int: TemplateModel {
    /// `{{.}}`: the number itself, in a section over a list of numbers.
    public static let templateFields = TemplateFields<Int>([".": .number(\.self)])
}
