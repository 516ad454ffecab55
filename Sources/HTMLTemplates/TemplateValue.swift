/// What a template finds under a name, and how it renders.
///
/// | value | `{{name}}` | `{{#name}}…{{/name}}` |
/// |---|---|---|
/// | `.missing` (or a nil optional) | nothing | skipped |
/// | `.text` | escaped | once, inside the text (even when empty) |
/// | `.number` | its digits | once |
/// | `.flag` | `true` / `false` | once when true |
/// | `.model` | nothing | once, inside the model |
/// | `.list` | nothing | once per element, inside it; skipped when empty |
///
/// `{{{name}}}` and `{{&name}}` write text as it is: HTML that is already escaped.
/// `{{^name}}…{{/name}}` renders where the section would be skipped.
public struct TemplateValue {
    enum Storage {
        case missing
        case text(String)
        case bytes([UInt8])
        case number(Int)
        case flag(Bool)
        case model(any TemplateModel)
        case list(any TemplateList)
    }

    let storage: Storage

    /// No such field, or no value.
    public static var missing: TemplateValue { TemplateValue(storage: .missing) }

    /// Text; `.missing` when nil.
    public static func text(_ text: String?) -> TemplateValue {
        TemplateValue(storage: text.map(Storage.text) ?? .missing)
    }

    /// UTF-8 text, such as HTML another template rendered for `{{{content}}}`.
    public static func utf8(_ bytes: [UInt8]) -> TemplateValue {
        TemplateValue(storage: .bytes(bytes))
    }

    /// A number; `.missing` when nil.
    public static func number(_ number: Int?) -> TemplateValue {
        TemplateValue(storage: number.map(Storage.number) ?? .missing)
    }

    /// A condition.
    public static func flag(_ flag: Bool) -> TemplateValue {
        TemplateValue(storage: .flag(flag))
    }

    /// A nested model; `.missing` when nil.
    public static func model<Model: TemplateModel>(_ model: Model?) -> TemplateValue {
        TemplateValue(storage: model.map { .model($0) } ?? .missing)
    }

    /// Elements a section renders once each.
    public static func list<Model: TemplateModel>(_ elements: [Model]) -> TemplateValue {
        TemplateValue(storage: .list(elements))
    }

    var isMissing: Bool {
        if case .missing = storage { return true }
        return false
    }

    /// Whether `{{#name}}` renders (and `{{^name}}` does not).
    var isTruthy: Bool {
        switch storage {
        case .missing: false
        case .flag(let flag): flag
        case .list(let list): list.count > 0
        case .text, .bytes, .number, .model: true
        }
    }
}

/// The elements of a `.list` value, read one at a time so that none is copied before its turn.
protocol TemplateList {
    var count: Int { get }
    func element(at index: Int) -> any TemplateModel
}

extension Array: TemplateList where Element: TemplateModel {
    func element(at index: Int) -> any TemplateModel { self[index] }
}
