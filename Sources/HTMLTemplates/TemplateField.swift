/// The fields of a `TemplateModel`, by the names templates use.
public struct TemplateFields<Model>: @unchecked Sendable {
    // Unchecked: the closures read the model they are given and capture nothing mutable.
    let byName: [String: TemplateField<Model>]

    public init(_ fields: [String: TemplateField<Model>]) {
        byName = fields
    }
}

/// How a template reads one field of `Model`, and what it finds there.
///
/// | field | `{{name}}` | `{{#name}}…{{/name}}` |
/// |---|---|---|
/// | nil (an optional's) | looked up further out | looked up further out |
/// | `.text` | escaped | once, inside the text (even when empty) |
/// | `.html` | escaped; as it is in `{{{name}}}` | once |
/// | `.number` | its digits | once |
/// | `.flag` | `true` / `false` | once when true |
/// | `.model` | nothing | once, inside the model |
/// | `.list` | nothing | once per element, inside it; skipped when empty |
///
/// `{{{name}}}` and `{{&name}}` write text as it is: HTML that is already escaped.
/// `{{^name}}…{{/name}}` renders where the section would not.
public struct TemplateField<Model> {
    enum Kind {
        case text(FieldReader<String>)
        case html(FieldReader<[UInt8]>)
        case number(FieldReader<Int>)
        case flag(FieldReader<Bool>)
        case nested(NestedField<Model>)
    }

    let kind: Kind
    /// Whether a nil can send the lookup on outwards; a field that cannot be nil ends it.
    let canBeMissing: Bool

    // Key paths to stored properties are read in place; closures are handed the model (a copy
    // of it), so they suit fields that are computed.

    /// Text, escaped where `{{name}}` writes it.
    public static func text(_ keyPath: KeyPath<Model, String>) -> Self {
        Self(kind: .text(FieldReader(keyPath)), canBeMissing: false)
    }

    /// Text, or nothing when nil.
    public static func text(_ keyPath: KeyPath<Model, String?>) -> Self {
        Self(kind: .text(FieldReader(keyPath)), canBeMissing: true)
    }

    /// Text computed from the model, or nothing when nil.
    public static func text(_ read: @escaping (borrowing Model) -> String?) -> Self {
        Self(kind: .text(FieldReader(read)), canBeMissing: true)
    }

    /// UTF-8 text such as HTML another template rendered, for `{{{content}}}`.
    public static func html(_ keyPath: KeyPath<Model, [UInt8]>) -> Self {
        Self(kind: .html(FieldReader(keyPath)), canBeMissing: false)
    }

    /// A number.
    public static func number(_ keyPath: KeyPath<Model, Int>) -> Self {
        Self(kind: .number(FieldReader(keyPath)), canBeMissing: false)
    }

    /// A number, or nothing when nil.
    public static func number(_ keyPath: KeyPath<Model, Int?>) -> Self {
        Self(kind: .number(FieldReader(keyPath)), canBeMissing: true)
    }

    /// A condition.
    public static func flag(_ keyPath: KeyPath<Model, Bool>) -> Self {
        Self(kind: .flag(FieldReader(keyPath)), canBeMissing: false)
    }

    /// A condition computed from the model.
    public static func flag(_ read: @escaping (borrowing Model) -> Bool) -> Self {
        Self(kind: .flag(FieldReader(read)), canBeMissing: false)
    }

    /// A nested model, or nothing when nil.
    @inlinable
    public static func model<Nested: TemplateModel>(_ keyPath: KeyPath<Model, Nested?>) -> Self {
        guard let offset = MemoryLayout<Model>.offset(of: keyPath) else {
            return nested(Nested.self, canBeMissing: true, access: NestedAccess(
                count: { $0.assumingMemoryBound(to: Model.self).pointee[keyPath: keyPath] == nil ? 0 : 1 },
                visit: { model, body in
                    guard let nested = model.assumingMemoryBound(to: Model.self).pointee[keyPath: keyPath] else { return 0 }
                    withUnsafePointer(to: nested) { body(UnsafeRawPointer($0)) }
                    return 1
                }))
        }
        return nested(Nested.self, canBeMissing: true, access: NestedAccess(
            count: { ($0 + offset).assumingMemoryBound(to: Nested?.self).pointee == nil ? 0 : 1 },
            visit: { model, body in
                let field = (model + offset).assumingMemoryBound(to: Nested?.self)
                guard field.pointee != nil else { return 0 }
                // An optional keeps its value at its own address (Swift's layout of an enum
                // with one payload), so the value is read where it is.
                body(UnsafeRawPointer(field))
                return 1
            }))
    }

    /// A nested model that is always there: a section over it always renders, inside it.
    @inlinable
    public static func model<Nested: TemplateModel>(_ keyPath: KeyPath<Model, Nested>) -> Self {
        guard let offset = MemoryLayout<Model>.offset(of: keyPath) else {
            return nested(Nested.self, canBeMissing: false, access: NestedAccess(
                count: { _ in 1 },
                visit: { model, body in
                    withUnsafePointer(to: model.assumingMemoryBound(to: Model.self).pointee[keyPath: keyPath]) {
                        body(UnsafeRawPointer($0))
                    }
                    return 1
                }))
        }
        return nested(Nested.self, canBeMissing: false, access: NestedAccess(
            count: { _ in 1 },
            visit: { model, body in
                body(model + offset)
                return 1
            }))
    }

    /// Elements a section renders once each.
    @inlinable
    public static func list<Element: TemplateModel>(_ keyPath: KeyPath<Model, [Element]>) -> Self {
        let offset = MemoryLayout<Model>.offset(of: keyPath)
        func elements(_ model: UnsafeRawPointer) -> [Element] {
            guard let offset else { return model.assumingMemoryBound(to: Model.self).pointee[keyPath: keyPath] }
            return (model + offset).assumingMemoryBound(to: [Element].self).pointee
        }
        return list(of: Element.self, access: NestedAccess(
            count: { elements($0).count },
            visit: { model, body in
                elements(model).withUnsafeBufferPointer { elements in
                    for index in elements.indices { body(UnsafeRawPointer(elements.baseAddress! + index)) }
                    return elements.count
                }
            }))
    }

    @usableFromInline
    static func nested<Nested: TemplateModel>(_ type: Nested.Type, canBeMissing: Bool, access: NestedAccess) -> Self {
        Self(kind: .nested(ModelField<Model, Nested>(access)), canBeMissing: canBeMissing)
    }

    @usableFromInline
    static func list<Element: TemplateModel>(of type: Element.Type, access: NestedAccess) -> Self {
        Self(kind: .nested(ListField<Model, Element>(access)), canBeMissing: false)
    }
}
