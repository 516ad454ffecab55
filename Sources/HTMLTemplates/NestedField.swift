/// A field holding models, which knows their type: a section over it is compiled against that
/// type's fields. Subclassed for one model (`ModelField`) and for a list (`ListField`).
class NestedField<Model> {
    typealias Compiler = Template.Compiler
    typealias Step = CompiledTemplate.Step

    func isPresent(in model: UnsafeRawPointer) -> Bool { fatalError("subclass") }

    /// The step for a use of this field of the model in `slot`; `rest` are the parts of a dotted
    /// name after this field's.
    func step(slot: Int, rest: ArraySlice<String>, use: Compiler.Use, chain: Compiler.Chain, compiler: inout Compiler) -> Step {
        fatalError("subclass")
    }

    func value(of model: borrowing Model) -> TemplateValue { fatalError("subclass") }
}

/// An optional nested model: there when not nil.
final class ModelField<Model, Nested: TemplateModel>: NestedField<Model> {
    let reader: FieldReader<Nested>

    init(_ reader: FieldReader<Nested>) {
        self.reader = reader
    }

    override func isPresent(in model: UnsafeRawPointer) -> Bool {
        reader.read(model) != nil
    }

    override func step(slot: Int, rest: ArraySlice<String>, use: Compiler.Use, chain: Compiler.Chain, compiler: inout Compiler) -> Step {
        let reader = reader
        let inner = chain.nextSlot
        let body: (inout CompiledTemplate.Frame) -> Void
        if let first = rest.first {
            // `a.b`: `b` of this model only, which names in the section do not see.
            let scopes = chain.adding(.model(Nested.self, slot: inner, isVisible: false), takesSlot: true)
            let missing = Compiler.missing(use)
            if let candidate = Compiler.Scope.model(Nested.self, slot: inner).find(first, rest.dropFirst()) {
                let step = candidate.compile(use, scopes, &compiler)
                body = { frame in if !step(&frame) { missing(&frame) } }
            } else {
                body = missing
            }
        } else {
            switch use {
            case .variable:
                return { frame in reader.read(frame.model(slot)) != nil }
            case .inverted:
                return { frame in reader.read(frame.model(slot)) != nil }
            case .section(let children):
                let pieces = compiler.program(children, in: chain.adding(.model(Nested.self, slot: inner), takesSlot: true))
                body = { frame in pieces.run(&frame) }
            }
        }
        return { frame in
            guard let nested = reader.read(frame.model(slot)) else { return false }
            withUnsafePointer(to: nested) { pointer in
                frame.slots[inner] = UnsafeRawPointer(pointer)
                body(&frame)
            }
            return true
        }
    }

    override func value(of model: borrowing Model) -> TemplateValue {
        .model(reader.read(model).map { ConformingModel(model: $0) })
    }
}

/// A list: always there, true when not empty.
final class ListField<Model, Element: TemplateModel>: NestedField<Model> {
    let reader: FieldReader<[Element]>

    init(_ reader: FieldReader<[Element]>) {
        self.reader = reader
    }

    override func isPresent(in model: UnsafeRawPointer) -> Bool { true }

    override func step(slot: Int, rest: ArraySlice<String>, use: Compiler.Use, chain: Compiler.Chain, compiler: inout Compiler) -> Step {
        let reader = reader
        guard rest.isEmpty else {
            // A list has no fields of its own.
            let missing = Compiler.missing(use)
            return { frame in missing(&frame); return true }
        }
        switch use {
        case .variable:
            return { _ in true }
        case .inverted(let body):
            return { frame in
                if reader.read(frame.model(slot))?.isEmpty != false { body.run(&frame) }
                return true
            }
        case .section(let children):
            let inner = chain.nextSlot
            let pieces = compiler.program(children, in: chain.adding(.model(Element.self, slot: inner), takesSlot: true))
            return { frame in
                let elements = reader.read(frame.model(slot)) ?? []
                elements.withUnsafeBufferPointer { elements in
                    for index in elements.indices {
                        frame.slots[inner] = UnsafeRawPointer(elements.baseAddress! + index)
                        pieces.run(&frame)
                    }
                }
                return true
            }
        }
    }

    override func value(of model: borrowing Model) -> TemplateValue {
        .list((reader.read(model) ?? []).map { ConformingModel(model: $0) })
    }
}
