/// What a model read at run time (through reflection) has under a name, for the renderer that
/// resolves names as it goes. Compiled templates read fields through `TemplateField` instead.
struct TemplateValue {
    enum Storage {
        case missing
        case text(String)
        case bytes([UInt8])
        case number(Int)
        case flag(Bool)
        case model(any DynamicModel)
        case list(any TemplateList)
    }

    let storage: Storage

    /// No such field, or no value.
    static var missing: TemplateValue { TemplateValue(storage: .missing) }

    /// Text; `.missing` when nil.
    static func text(_ text: String?) -> TemplateValue {
        TemplateValue(storage: text.map(Storage.text) ?? .missing)
    }

    /// UTF-8 text, such as HTML another template rendered for `{{{content}}}`.
    static func utf8(_ bytes: [UInt8]) -> TemplateValue {
        TemplateValue(storage: .bytes(bytes))
    }

    /// A number; `.missing` when nil.
    static func number(_ number: Int?) -> TemplateValue {
        TemplateValue(storage: number.map(Storage.number) ?? .missing)
    }

    static func flag(_ flag: Bool) -> TemplateValue {
        TemplateValue(storage: .flag(flag))
    }

    /// A nested model; `.missing` when nil.
    static func model(_ model: (any DynamicModel)?) -> TemplateValue {
        TemplateValue(storage: model.map { .model($0) } ?? .missing)
    }

    /// Elements a section renders once each.
    static func list(_ elements: [any DynamicModel]) -> TemplateValue {
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

/// A model whose fields are found by name while rendering: one read through reflection, or a
/// `TemplateModel` inside one (`ConformingModel`).
protocol DynamicModel {
    /// The field `name`: `.missing` when the model has no such field or its value is nil.
    /// `{{.}}` asks for the field named `"."`: the model's own value, if it has one.
    func field(_ name: String) -> TemplateValue
}

/// A `TemplateModel` read by name, through its fields' closures.
struct ConformingModel<Model: TemplateModel>: DynamicModel {
    let model: Model

    func field(_ name: String) -> TemplateValue {
        Model.templateFields.byName[name]?.value(of: model) ?? .missing
    }
}

/// The elements of a `.list` value, read one at a time so that none is copied before its turn.
protocol TemplateList {
    var count: Int { get }
    func element(at index: Int) -> any DynamicModel
}

extension Array: TemplateList where Element == any DynamicModel {
    func element(at index: Int) -> any DynamicModel { self[index] }
}
