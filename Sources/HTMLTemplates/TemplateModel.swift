/// A value whose fields templates read by name: `{{title}}`, `{{#rows}}…{{/rows}}`.
///
/// Conform a page model by naming its fields; anything else is `.missing`, and so is a field whose
/// optional value is nil. A missing name is looked up in the model of the enclosing section, then
/// further out, as in Mustache.
///
/// ```swift
/// struct OrderRow: TemplateModel {
///     let id: String
///     let note: String?
///     func field(_ name: String) -> TemplateValue {
///         switch name {
///         case "id": .text(id)
///         case "note": .text(note)
///         default: .missing
///         }
///     }
/// }
/// ```
///
/// A model that does not conform (a plain struct with stored properties) is read through
/// reflection instead: the same output, at several times the cost.
public protocol TemplateModel {
    /// The field `name`: `.missing` when the model has no such field or its value is nil.
    /// `{{.}}` asks for the field named `"."`: the model's own value, if it has one.
    func field(_ name: String) -> TemplateValue
}

extension String: TemplateModel {
    public func field(_ name: String) -> TemplateValue {
        name == "." ? .text(self) : .missing
    }
}

extension Int: TemplateModel {
    public func field(_ name: String) -> TemplateValue {
        name == "." ? .number(self) : .missing
    }
}

/// A model without fields: what a section over `true` renders with.
struct EmptyModel: TemplateModel {
    func field(_ name: String) -> TemplateValue { .missing }
}
