import Synchronization

/// A template compiled for one model type: literal bytes, and steps that read the model's fields
/// through the closures its `TemplateFields` gave, with every name already resolved.
final class CompiledTemplate: @unchecked Sendable {
    // Unchecked: built once, then only read; the steps capture nothing mutable.

    /// What a tag compiles to: it renders its field and answers whether the field was there,
    /// that is, not nil; a name that may mean several fields tries them innermost first.
    typealias Step = (inout Frame) -> Bool

    /// A run of literal bytes, or a tag's step.
    enum Piece {
        case text([UInt8])
        case step(Step)
    }

    /// What steps render with: the output, and where each model in scope is. Every section's
    /// model has its slot, fixed when compiling, so entering one stores a pointer and moves
    /// nothing.
    struct Frame {
        var output: HTMLBuffer
        let slots: UnsafeMutablePointer<UnsafeRawPointer>

        /// The model in `slot`, of the type the compiler found there.
        func model(_ slot: Int) -> UnsafeRawPointer {
            slots[slot]
        }
    }

    let pieces: [Piece]
    let slotCount: Int

    init(pieces: [Piece], slotCount: Int) {
        self.pieces = pieces
        self.slotCount = slotCount
    }

    /// Appends `model` rendered to `output`; `Model` must be the type this was compiled for.
    func render<Model>(_ model: Model, into output: inout HTMLBuffer) {
        withUnsafeTemporaryAllocation(of: UnsafeRawPointer.self, capacity: slotCount) { slots in
            withUnsafePointer(to: model) { root in
                slots[0] = UnsafeRawPointer(root)
                var frame = Frame(output: HTMLBuffer(), slots: slots.baseAddress!)
                // Swapped rather than copied, so that appending does not copy what is there.
                swap(&frame.output, &output)
                Self.run(pieces, &frame)
                swap(&frame.output, &output)
            }
        }
    }

    static func run(_ pieces: [Piece], _ frame: inout Frame) {
        for piece in pieces {
            switch piece {
            case .text(let bytes): frame.output.append(bytes)
            case .step(let step): _ = step(&frame)
            }
        }
    }
}

/// A library's templates as compiled for each model type, compiled on first use and kept.
final class CompiledTemplates: Sendable {
    struct Key: Hashable {
        let template: Int
        let model: ObjectIdentifier
    }

    private let compiled = Mutex<[Key: CompiledTemplate]>([:])

    func compiled(
        for key: Key, compile: () throws(TemplateError) -> CompiledTemplate
    ) throws(TemplateError) -> CompiledTemplate {
        if let template = compiled.withLock({ $0[key] }) { return template }
        // Compiled outside the lock: another thread may compile the same one; either is kept.
        let template = try compile()
        return compiled.withLock { compiled in
            if let existing = compiled[key] { return existing }
            compiled[key] = template
            return template
        }
    }
}
