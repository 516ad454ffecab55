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

/// A nested model, there when not nil.
final class ModelField<Model, Nested: TemplateModel>: NestedField<Model> {
    let access: NestedAccess

    init(_ access: NestedAccess) {
        self.access = access
    }

    override func isPresent(in model: UnsafeRawPointer) -> Bool {
        access.count(model) > 0
    }

    override func step(slot: Int, rest: ArraySlice<String>, use: Compiler.Use, chain: Compiler.Chain, compiler: inout Compiler) -> Step {
        let access = access
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
            case .variable, .inverted:
                return { frame in access.count(frame.model(slot)) > 0 }
            case .section(let children):
                let pieces = compiler.program(children, in: chain.adding(.model(Nested.self, slot: inner), takesSlot: true))
                body = { frame in pieces.run(&frame) }
            }
        }
        return { frame in
            access.visit(frame.model(slot)) { nested in
                frame.slots[inner] = nested
                body(&frame)
            } > 0
        }
    }

    override func value(of model: borrowing Model) -> TemplateValue {
        var nested: ConformingModel<Nested>?
        withUnsafePointer(to: model) { model in
            _ = access.visit(model) { nested = ConformingModel(model: $0.assumingMemoryBound(to: Nested.self).pointee) }
        }
        return .model(nested)
    }
}

/// A list: always there, true when not empty.
final class ListField<Model, Element: TemplateModel>: NestedField<Model> {
    let access: NestedAccess

    init(_ access: NestedAccess) {
        self.access = access
    }

    override func isPresent(in model: UnsafeRawPointer) -> Bool { true }

    override func step(slot: Int, rest: ArraySlice<String>, use: Compiler.Use, chain: Compiler.Chain, compiler: inout Compiler) -> Step {
        let access = access
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
                if access.count(frame.model(slot)) == 0 { body.run(&frame) }
                return true
            }
        case .section(let children):
            let inner = chain.nextSlot
            let pieces = compiler.program(children, in: chain.adding(.model(Element.self, slot: inner), takesSlot: true))
            return { frame in
                _ = access.visit(frame.model(slot)) { element in
                    frame.slots[inner] = element
                    pieces.run(&frame)
                }
                return true
            }
        }
    }

    override func value(of model: borrowing Model) -> TemplateValue {
        var elements: [any DynamicModel] = []
        withUnsafePointer(to: model) { model in
            _ = access.visit(model) { elements.append(ConformingModel(model: $0.assumingMemoryBound(to: Element.self).pointee)) }
        }
        return .list(elements)
    }
}
