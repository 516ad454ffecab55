extension Template.Compiler.Candidate {
    typealias Compiler = Template.Compiler
    typealias Step = CompiledTemplate.Step

    /// `field` of the model in `slot`; `rest` are the parts of a dotted name after this one.
    init<Model>(field: TemplateField<Model>, slot: Int, rest: ArraySlice<String>) {
        canBeMissing = field.canBeMissing
        if case .nested(let nested) = field.kind {
            compile = { use, chain, compiler in nested.step(slot: slot, rest: rest, use: use, chain: chain, compiler: &compiler) }
        } else if !rest.isEmpty {
            // `text.more`: the text is there, but has no fields.
            compile = { use, _, _ in
                let missing = Compiler.missing(use)
                return { frame in
                    guard field.isPresent(in: frame.model(slot)) else { return false }
                    missing(&frame)
                    return true
                }
            }
        } else {
            let candidate = Self(field: field, slot: slot)
            compile = { use, chain, compiler in field.step(slot: slot, use: use, chain: chain, compiler: &compiler, as: candidate) }
        }
    }

    /// A value field without dotted parts: `{{.}}` inside its section reads it again.
    private init<Model>(field: TemplateField<Model>, slot: Int) {
        canBeMissing = field.canBeMissing
        compile = { use, chain, compiler in field.step(slot: slot, use: use, chain: chain, compiler: &compiler, as: nil) }
    }
}

extension Template.Compiler {
    /// What a use does when its dotted name ends in nothing: only an inverted section renders.
    static func missing(_ use: Use) -> (inout CompiledTemplate.Frame) -> Void {
        guard case .inverted(let body) = use else { return { _ in } }
        return { frame in body.run(&frame) }
    }
}

extension TemplateField {
    typealias Compiler = Template.Compiler
    typealias Step = CompiledTemplate.Step

    /// Whether the field has a value (is not nil) in the model at `model`.
    func isPresent(in model: UnsafeRawPointer) -> Bool {
        switch kind {
        case .text(let reader): reader.isPresent(model)
        case .number(let reader): reader.isPresent(model)
        case .html, .flag: true
        case .nested(let nested): nested.isPresent(in: model)
        }
    }

    /// The step for a value field (not a nested model) of the model in `slot`. `itself` is what
    /// `{{.}}` means inside the field's section (nil when the section is already over `{{.}}`).
    func step(
        slot: Int, use: Compiler.Use, chain: Compiler.Chain, compiler: inout Compiler, as itself: Compiler.Candidate?
    ) -> Step {
        switch use {
        case .variable(let escaped):
            return write(slot: slot, escaped: escaped)
        case .inverted(let body):
            guard case .flag(let reader) = kind else {
                // Text, HTML and numbers are true when there.
                return { frame in isPresent(in: frame.model(slot)) }
            }
            return { frame in
                if reader.read(frame.model(slot)) != true { body.run(&frame) }
                return true
            }
        case .section(let children):
            if case .flag(let reader) = kind {
                // A condition renders its section in the same scope.
                let body = compiler.program(children, in: chain)
                return { frame in
                    if reader.read(frame.model(slot)) == true { body.run(&frame) }
                    return true
                }
            }
            let inner = itself.map { chain.adding(.value($0), takesSlot: false) } ?? chain
            let body = compiler.program(children, in: inner)
            return { frame in
                guard isPresent(in: frame.model(slot)) else { return false }
                body.run(&frame)
                return true
            }
        }
    }

    private func write(slot: Int, escaped: Bool) -> Step {
        switch kind {
        case .text(let reader):
            return { frame in
                reader.withValue(frame.model(slot)) { text in
                    if escaped { frame.output.append(escaping: text) } else { frame.output.append(text) }
                } != nil
            }
        case .html(let reader):
            return { frame in
                _ = reader.withValue(frame.model(slot)) { bytes in
                    if escaped {
                        bytes.withUnsafeBufferPointer { frame.output.append(escaping: $0) }
                    } else {
                        frame.output.append(bytes)
                    }
                }
                return true
            }
        case .number(let reader):
            return { frame in
                guard let number = reader.read(frame.model(slot)) else { return false }
                frame.output.append(String(number))
                return true
            }
        case .flag(let reader):
            return { frame in
                frame.output.append(reader.read(frame.model(slot)) == true ? "true" : "false")
                return true
            }
        case .nested(let nested):
            // Models and lists write nothing, but are there.
            return { frame in nested.isPresent(in: frame.model(slot)) }
        }
    }

    /// The field as the run-time renderer sees it.
    func value(of model: borrowing Model) -> TemplateValue {
        switch kind {
        case .text(let reader): .text(reader.read(model))
        case .html(let reader): .utf8(reader.read(model) ?? [])
        case .number(let reader): .number(reader.read(model))
        case .flag(let reader): .flag(reader.read(model) == true)
        case .nested(let nested): nested.value(of: model)
        }
    }
}
