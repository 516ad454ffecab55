/// Reads one field of a model in place: a stored property at its offset, so that nothing but the
/// field is copied, or anything else through a closure, which gets the model itself. Generic in
/// the field's type only, so that reading text or a flag is compiled for that type.
struct FieldReader<Value> {
    private enum Access {
        /// A stored `Value?` at this offset.
        case optional(Int)
        /// A stored `Value` at this offset.
        case value(Int)
        case computed((UnsafeRawPointer) -> Value?)
    }

    private let access: Access

    init<Model>(_ keyPath: KeyPath<Model, Value?>) {
        access = MemoryLayout<Model>.offset(of: keyPath).map(Access.optional)
            ?? .computed { $0.assumingMemoryBound(to: Model.self).pointee[keyPath: keyPath] }
    }

    init<Model>(_ keyPath: KeyPath<Model, Value>) {
        access = MemoryLayout<Model>.offset(of: keyPath).map(Access.value)
            ?? .computed { $0.assumingMemoryBound(to: Model.self).pointee[keyPath: keyPath] }
    }

    /// Copies the model for `read`: the price of a field that is not stored.
    init<Model>(_ read: @escaping (borrowing Model) -> Value?) {
        access = .computed { read($0.assumingMemoryBound(to: Model.self).pointee) }
    }

    /// The field of the model at `model`, which must be of the type this was made for; nil when
    /// an optional field is nil.
    func read(_ model: UnsafeRawPointer) -> Value? {
        withValue(model) { copy $0 }
    }

    /// `body` given the field of the model at `model` where it lies: a stored one is lent, not
    /// copied (no retain and release of a string's storage for each `{{name}}` a page writes).
    /// Nil, without calling `body`, when an optional field is nil.
    func withValue<Result>(_ model: UnsafeRawPointer, _ body: (borrowing Value) -> Result) -> Result? {
        switch access {
        case .optional(let offset):
            let field = model.advanced(by: offset)
            guard isPresent(model) else { return nil }
            // An optional's payload lies at its start (a single-payload enum's layout).
            return body(field.assumingMemoryBound(to: Value.self).pointee)
        case .value(let offset):
            return body(model.advanced(by: offset).assumingMemoryBound(to: Value.self).pointee)
        case .computed(let read):
            guard let value = read(model) else { return nil }
            return body(value)
        }
    }

    /// Whether the field of the model at `model` is there (an optional one is not nil), without
    /// copying it.
    func isPresent(_ model: UnsafeRawPointer) -> Bool {
        switch access {
        case .optional(let offset):
            switch model.advanced(by: offset).assumingMemoryBound(to: Value?.self).pointee {
            case .none: false
            case .some: true
            }
        case .value:
            true
        case .computed(let read):
            read(model) != nil
        }
    }

    /// The field of `model`, for the renderer that reads models by name at run time.
    func read<Model>(_ model: borrowing Model) -> Value? {
        withUnsafePointer(to: model) { read(UnsafeRawPointer($0)) }
    }
}
