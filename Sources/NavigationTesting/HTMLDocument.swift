/// A page's markup as a tree of elements and text, built from `HTMLScanner`'s tokens as
/// tolerantly as a browser builds one: void elements (`input`, `br`, `meta`…) have no content,
/// an end tag closes the nearest open element of its name and any left open inside it, an end
/// tag with no open element of its name is ignored, and a `p`, `li` or `option` closes an open
/// one of the same name before it.
///
/// Nodes are numbered in document order; an element is referred to by its number.
struct HTMLDocument: Sendable {
    struct Element: Sendable {
        let name: String
        let attributes: [HTMLAttribute]
        let parent: Int?
        fileprivate(set) var children: [Int] = []

        /// The value of the first attribute named `name` (lower case), or nil.
        subscript(_ name: String) -> String? {
            attributes.first { $0.name == name }?.value
        }

        /// The `class` attribute's names.
        var classes: [Substring] {
            (self["class"] ?? "").split(whereSeparator: \.isWhitespace)
        }
    }

    enum Node: Sendable {
        case element(Element)
        case text(String)
    }

    private(set) var nodes: [Node] = []

    private static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
    ]
    private static let closedBySibling: Set<String> = ["p", "li", "option"]

    init(_ html: [UInt8]) {
        var open: [Int] = []
        for token in HTMLScanner.tokens(of: html) {
            switch token {
            case .start(let name, let attributes, let selfClosing):
                if Self.closedBySibling.contains(name), let top = open.last, element(top)?.name == name { open.removeLast() }
                let index = append(.element(Element(name: name, attributes: attributes, parent: open.last)), under: open.last)
                if !selfClosing, !Self.voidElements.contains(name) { open.append(index) }
            case .end(let name):
                if let depth = open.lastIndex(where: { element($0)?.name == name }) { open.removeSubrange(depth...) }
            case .text(let text):
                append(.text(text), under: open.last)
            }
        }
    }

    @discardableResult
    private mutating func append(_ node: Node, under parent: Int?) -> Int {
        nodes.append(node)
        let index = nodes.count - 1
        if let parent, case .element(var element) = nodes[parent] {
            // Taken out and put back, so the children array is not copied.
            nodes[parent] = .text("")
            element.children.append(index)
            nodes[parent] = .element(element)
        }
        return index
    }

    /// The element numbered `index`, or nil when that node is text.
    func element(_ index: Int) -> Element? {
        if case .element(let element) = nodes[index] { return element }
        return nil
    }

    /// The elements named `name` (lower case), in document order; under `root` only, when given.
    func elements(named name: String, under root: Int? = nil) -> [Int] {
        let candidates = root.map(descendants(of:)) ?? Array(nodes.indices)
        return candidates.filter { element($0)?.name == name }
    }

    /// The first element whose `id` is `id`.
    func element(withID id: String) -> Int? {
        nodes.indices.first { element($0)?["id"] == id }
    }

    /// Every node inside `index`, in document order (not `index` itself).
    func descendants(of index: Int) -> [Int] {
        var result: [Int] = []
        var stack = Array((element(index)?.children ?? []).reversed())
        while let next = stack.popLast() {
            result.append(next)
            stack.append(contentsOf: (element(next)?.children ?? []).reversed())
        }
        return result
    }

    /// The nearest element around `index` named `name`, or nil.
    func ancestor(of index: Int, named name: String) -> Int? {
        var current = element(index)?.parent
        while let parent = current {
            if element(parent)?.name == name { return parent }
            current = element(parent)?.parent
        }
        return nil
    }

    /// The text inside `index` as a person reads it: its pieces (`textPieces(of:spoken:)`)
    /// joined by a space, as tags stripped to a space and white space collapsed leave it.
    func text(of index: Int, spoken: Bool = false) -> String {
        textPieces(of: index, spoken: spoken).joined(separator: " ")
    }

    /// The text of each text node inside `index`, in order, its white space collapsed, empty ones
    /// left out: a list row's link gives its title, then its subtitle or value. `spoken` leaves
    /// out what is inside `aria-hidden="true"` elements, as a screen reader does (a back link's
    /// "‹"); so do the elements named in `skipping` (a label's text without its `select`'s).
    func textPieces(of index: Int, spoken: Bool = false, skipping: Set<String> = []) -> [String] {
        var pieces: [String] = []
        var stack = Array((element(index)?.children ?? []).reversed())
        while let next = stack.popLast() {
            switch nodes[next] {
            case .text(let piece):
                let collapsed = Self.collapsingWhitespace(piece)
                if !collapsed.isEmpty { pieces.append(collapsed) }
            case .element(let element):
                if spoken, element["aria-hidden"] == "true" { continue }
                if skipping.contains(element.name) { continue }
                stack.append(contentsOf: element.children.reversed())
            }
        }
        return pieces
    }

    /// The text inside `index` exactly as written (a `textarea`'s value), references decoded.
    func rawText(of index: Int) -> String {
        descendants(of: index).map { node in
            if case .text(let text) = nodes[node] { text } else { "" }
        }.joined()
    }

    /// `text` with each run of white space one space, and none at the ends.
    static func collapsingWhitespace(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
