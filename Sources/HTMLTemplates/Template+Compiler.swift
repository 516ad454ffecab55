extension Template {
    /// Compiles templates for a model type: each name resolved once, against the types of the
    /// models that will be in scope where it stands, to the fields it can mean.
    struct Compiler {
        typealias Piece = CompiledTemplate.Piece
        typealias Step = CompiledTemplate.Step

        /// How a tag uses the field its name finds.
        enum Use {
            case variable(escaped: Bool)
            case section([Node])
            /// The body, already compiled: it renders when the field is false, empty or missing.
            case inverted(CompiledTemplate.Program)

            var isInverted: Bool {
                if case .inverted = self { true } else { false }
            }
        }

        /// A model in scope at a place in a template, seen from the compiler.
        struct Scope {
            /// Dotted names pass through models that names in their section do not see.
            let isVisible: Bool
            /// The field a name means here (with the parts after its first dot), if any.
            let find: (_ name: String, _ rest: ArraySlice<String>) -> Candidate?

            /// A model of type `Model`, read from `slot`.
            static func model<Model: TemplateModel>(_ type: Model.Type, slot: Int, isVisible: Bool = true) -> Scope {
                let fields = Model.templateFields.byName
                return Scope(isVisible: isVisible) { name, rest in
                    fields[name].map { Candidate(field: $0, slot: slot, rest: rest) }
                }
            }

            /// Inside a section over text or a number: `{{.}}` is that value, read again.
            static func value(_ candidate: Candidate) -> Scope {
                Scope(isVisible: true) { name, rest in name == "." && rest.isEmpty ? candidate : nil }
            }
        }

        /// The scopes at a place in a template, innermost last, and the next free slot.
        struct Chain {
            var scopes: [Scope]
            var nextSlot: Int

            func adding(_ scope: Scope, takesSlot: Bool) -> Chain {
                Chain(scopes: scopes + [scope], nextSlot: nextSlot + (takesSlot ? 1 : 0))
            }
        }

        /// A field a name may mean: compiles a tag's use of it into a step.
        struct Candidate {
            /// Whether a nil here sends the lookup on to the next scope out.
            let canBeMissing: Bool
            let compile: (_ use: Use, _ chain: Chain, _ compiler: inout Compiler) -> Step
        }

        let templates: [Template]
        private(set) var slotCount = 1
        private var partialDepth = 0
        /// Nodes left to compile: a bound on what nesting and partials can multiply.
        private var budget = 200_000
        private(set) var isOverBudget = false

        init(templates: [Template]) {
            self.templates = templates
        }

        /// `template` compiled for a root model of type `Model`.
        static func compile<Model: TemplateModel>(
            _ template: Template, in templates: [Template], for type: Model.Type
        ) throws(TemplateError) -> CompiledTemplate {
            var compiler = Compiler(templates: templates)
            let chain = Chain(scopes: [.model(Model.self, slot: 0)], nextSlot: 1)
            let pieces = compiler.compile(template.nodes, in: chain)
            guard !compiler.isOverBudget else {
                throw TemplateError(template: template.name, line: 0, message: "Its partials and sections nest too deeply to compile.")
            }
            return CompiledTemplate(pieces: pieces, slotCount: compiler.slotCount)
        }

        /// `compile(nodes, in: chain)` laid out for rendering.
        mutating func program(_ nodes: [Node], in chain: Chain) -> CompiledTemplate.Program {
            CompiledTemplate.Program(compile(nodes, in: chain))
        }

        mutating func compile(_ nodes: [Node], in chain: Chain) -> [Piece] {
            slotCount = max(slotCount, chain.nextSlot)
            budget -= nodes.count
            guard budget >= 0 else {
                isOverBudget = true
                return []
            }
            var pieces: [Piece] = []
            for node in nodes {
                switch node {
                case .text(let text):
                    // Adjacent texts (a partial's, its caller's) are one copy.
                    if case .text(let previous) = pieces.last {
                        pieces[pieces.count - 1] = .text(previous + text)
                    } else {
                        pieces.append(.text(text))
                    }
                case .variable(let name, let escaped):
                    if let step = step(for: name, use: .variable(escaped: escaped), in: chain) { pieces.append(.step(step)) }
                case .section(let name, let inverted, let children):
                    let use: Use = inverted ? .inverted(program(children, in: chain)) : .section(children)
                    if let step = step(for: name, use: use, in: chain) {
                        pieces.append(.step(step))
                    } else if case .inverted(let body) = use {
                        pieces += body.pieces
                    }
                case .partial(let partial, let indentation):
                    pieces += self.partial(partial, indentation: indentation, in: chain)
                case .lineStart:
                    continue
                }
            }
            return pieces
        }

        /// The step for a tag: it tries each field `name` can mean, innermost first, until one
        /// is there. Nil when it can mean none (an inverted section then always renders).
        private mutating func step(for name: Name, use: Use, in chain: Chain) -> Step? {
            var candidates: [Candidate] = []
            for scope in chain.scopes.reversed() where scope.isVisible {
                if let candidate = scope.find(name.first, name.rest[...]) {
                    candidates.append(candidate)
                    if !candidate.canBeMissing { break }
                }
                if name.isAnchored { break }
            }
            if candidates.count == 1 && !use.isInverted {
                // Straight from the candidate: a closure kept in an array is stored at its most
                // general abstraction, and every call of it would pass two conversion thunks.
                return candidates[0].compile(use, chain, &self)
            }
            let steps = candidates.map { $0.compile(use, chain, &self) }
            if case .inverted(let body) = use {
                guard !steps.isEmpty else { return nil }
                return { frame in
                    for step in steps where step(&frame) { return true }
                    body.run(&frame)
                    return false
                }
            }
            switch steps.count {
            case 0: return nil
            default: return { frame in steps.contains { $0(&frame) } }
            }
        }

        private mutating func partial(_ partial: Partial, indentation: [UInt8]?, in chain: Chain) -> [Piece] {
            // Deeper than this, a partial that includes itself renders nothing instead of looping.
            guard partialDepth < Renderer.maxPartialDepth else { return [] }
            partialDepth += 1
            defer { partialDepth -= 1 }
            let nodes = templates[partial.index].nodes
            // Indented here, in its text: rendering copies it as it is, and values stay as they are.
            guard let indentation, !indentation.isEmpty else { return compile(nodes, in: chain) }
            return compile(Template.indenting(nodes, by: indentation), in: chain)
        }
    }
}
