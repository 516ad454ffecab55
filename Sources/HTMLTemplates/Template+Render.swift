extension Template {
    /// Walks a template's tree over a stack of models, appending to one buffer.
    struct Renderer {
        /// The library's templates, which partials name by index.
        let templates: [Template]
        var output: HTMLBuffer
        var stack: [any DynamicModel]
        private var partialDepth = 0
        /// Deeper than this, a partial that includes itself renders nothing instead of looping.
        static let maxPartialDepth = 64

        init(templates: [Template], output: HTMLBuffer, model: any DynamicModel) {
            self.templates = templates
            self.output = output
            self.stack = [model]
        }

        mutating func render(_ nodes: [Node]) {
            for node in nodes {
                switch node {
                case .text(let text):
                    output.append(text)
                case .variable(let name, let escaped):
                    write(lookup(name), escaped: escaped)
                case .section(let name, let inverted, let children):
                    let value = lookup(name)
                    if inverted {
                        if !value.isTruthy { render(children) }
                    } else {
                        section(value, children)
                    }
                case .partial(let partial, let indentation):
                    self.partial(partial, indentation: indentation)
                case .lineStart:
                    continue
                }
            }
        }

        private mutating func section(_ value: consuming TemplateValue, _ children: [Node]) {
            switch value.storage {
            case .missing, .flag(false):
                return
            case .flag(true):
                render(children)
            case .text(let text):
                render(children, in: ConformingModel(model: text))
            case .bytes(let bytes):
                render(children, in: ConformingModel(model: String(decoding: bytes, as: UTF8.self)))
            case .number(let number):
                render(children, in: ConformingModel(model: number))
            case .model(let model):
                render(children, in: model)
            case .list(let list):
                for index in 0..<list.count {
                    render(children, in: list.element(at: index))
                }
            }
        }

        private mutating func render(_ nodes: [Node], in model: any DynamicModel) {
            stack.append(model)
            render(nodes)
            stack.removeLast()
        }

        private mutating func partial(_ partial: Partial, indentation: [UInt8]?) {
            guard partialDepth < Self.maxPartialDepth else { return }
            let nodes = templates[partial.index].nodes
            partialDepth += 1
            defer { partialDepth -= 1 }
            guard let indentation, !indentation.isEmpty else { return render(nodes) }
            // Its template's lines start at its tag's indentation; the values it shows do not move.
            render(Template.indenting(nodes, by: indentation))
        }

        private func lookup(_ name: Name) -> TemplateValue {
            guard !stack.isEmpty else { return .missing }
            var value = TemplateValue.missing
            if name.isAnchored {
                value = stack[stack.count - 1].field(name.first)
            } else {
                // By index: iterating the models would copy each one out of the stack.
                var index = stack.count - 1
                while index >= 0 {
                    value = stack[index].field(name.first)
                    if !value.isMissing { break }
                    index -= 1
                }
            }
            for part in name.rest {
                guard case .model(let model) = value.storage else { return .missing }
                value = model.field(part)
            }
            return value
        }

        private mutating func write(_ value: consuming TemplateValue, escaped: Bool) {
            switch value.storage {
            case .missing, .model, .list:
                return
            case .text(let text):
                if escaped { output.append(escaping: text) } else { output.append(text) }
            case .bytes(let bytes):
                if escaped { bytes.withUnsafeBufferPointer { output.append(escaping: $0) } } else { output.append(bytes) }
            case .number(let number):
                output.append(String(number))
            case .flag(let flag):
                output.append(flag ? "true" : "false")
            }
        }
    }
}
