import Foundation

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
        /// Only appended to, never copied: its storage is made its own when rendering starts, so
        /// the program's text may be appended without asking whether another buffer shares it.
        var output: HTMLBuffer
        let slots: UnsafeMutablePointer<UnsafeRawPointer>

        /// The model in `slot`, of the type the compiler found there.
        func model(_ slot: Int) -> UnsafeRawPointer {
            slots[slot]
        }
    }

    let program: Program
    let slotCount: Int

    init(pieces: [Piece], slotCount: Int) {
        self.program = Program(pieces)
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
                frame.output.makeUnshared()
                program.run(&frame)
                swap(&frame.output, &output)
            }
        }
    }

    /// Pieces laid out for rendering. An array of `Piece`s costs a retain and a release for each
    /// piece walked (its bytes or its closure's context), and a list walks its section's pieces
    /// once an element: the bulk of a page's reference counting. Here the text is bytes the
    /// program owns and each step sits in a box it owns, so a walk counts no references.
    final class Program: @unchecked Sendable {
        // Unchecked: built once, then only read.

        private final class StepBox {
            let step: Step
            init(_ step: @escaping Step) { self.step = step }
        }

        private enum Operation {
            case text(UnsafePointer<UInt8>, count: Int)
            case step(Unmanaged<StepBox>)
        }

        /// What it was laid out from: an inverted section's body that no field can mean is
        /// spliced into its parent's pieces instead.
        let pieces: [Piece]
        private let operations: UnsafeMutableBufferPointer<Operation>
        private let text: UnsafeMutableBufferPointer<UInt8>
        /// What keeps the steps' boxes alive.
        private let boxes: [StepBox]

        init(_ pieces: [Piece]) {
            self.pieces = pieces
            var textCount = 0
            for case .text(let bytes) in pieces { textCount += bytes.count }
            text = .allocate(capacity: textCount)
            operations = .allocate(capacity: pieces.count)
            var boxes: [StepBox] = []
            var offset = 0
            for (index, piece) in pieces.enumerated() {
                switch piece {
                case .text(let bytes):
                    _ = UnsafeMutableBufferPointer(rebasing: text[offset..<offset + bytes.count]).initialize(from: bytes)
                    operations.initializeElement(at: index, to: .text(UnsafePointer(text.baseAddress! + offset), count: bytes.count))
                    offset += bytes.count
                case .step(let step):
                    let box = StepBox(step)
                    boxes.append(box)
                    operations.initializeElement(at: index, to: .step(Unmanaged.passUnretained(box)))
                }
            }
            self.boxes = boxes
        }

        deinit {
            operations.deallocate()
            text.deallocate()
        }

        func run(_ frame: inout Frame) {
            for operation in operations {
                switch operation {
                case .text(let start, let count):
                    frame.output.appendUnshared(UnsafeBufferPointer(start: start, count: count))
                case .step(let box):
                    _ = box._withUnsafeGuaranteedRef { $0.step(&frame) }
                }
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

    /// Behind an `NSLock`, not a `Mutex`: every worker renders through it, and ThreadSanitizer
    /// does not see a contended `Mutex`'s hand-over (see MicroHTTP's `Locked`), so it took each
    /// template another thread compiled for a race.
    private let lock = NSLock()
    nonisolated(unsafe) private var compiled: [Key: CompiledTemplate] = [:]

    func compiled(
        for key: Key, compile: () throws(TemplateError) -> CompiledTemplate
    ) throws(TemplateError) -> CompiledTemplate {
        if let template = lock.withLock({ compiled[key] }) { return template }
        // Compiled outside the lock: another thread may compile the same one; either is kept.
        let template = try compile()
        return lock.withLock {
            if let existing = compiled[key] { return existing }
            compiled[key] = template
            return template
        }
    }
}
