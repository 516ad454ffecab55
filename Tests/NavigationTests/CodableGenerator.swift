@testable import Navigation

/// Random locations of `CodableNavigation`, with strings that are empty, contain `/`, start
/// with `~` or are made of URL delimiters and unicode.
struct CodableGenerator {
    var random: SplitMix64

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

    mutating func string() -> String {
        switch int(0...5) {
        case 0: ["", "~", "~~", "~x", "/", "a/b", "%2F", "nan"].randomElement(using: &random)!
        default: (0..<int(1...4)).map { _ in StateGenerator.pieces.randomElement(using: &random)! }.joined()
        }
    }

    mutating func shelf() -> ShelfRoute {
        int(0...1) == 0 ? .recipe(slug: string()) : .flavour([.sweet, .sour, .umami].randomElement(using: &random)!)
    }

    mutating func route() -> CodableRoute {
        switch int(0...10) {
        case 0: .userDetail(userId: [0, -1, .max, .min, int(-9...99)].randomElement(using: &random)!)
        case 1: .settings
        case 2: .orderDetail(orderId: string())
        case 3: .search(query: int(0...1) == 0 ? nil : string(), page: int(0...1) == 0 ? nil : int(0...9))
        case 4: .flavour(.umami, size: int(0...1) == 0 ? .small : .large)
        case 5: .shelf(shelf())
        case 6: .legacy(.page(int(-5...500)))
        case 7: .slug(Slug(name: string(), revision: int(0...3)))
        case 8: .ratio([0.1, -2.5e-300, 1e300, .infinity, 3].randomElement(using: &random)!, exact: int(0...1) == 0)
        case 9: .point(x: Int8(int(-128...127)), y: UInt64.random(in: 0...UInt64.max, using: &random))
        default: .maybeShelf(int(0...1) == 0 ? nil : shelf())
        }
    }

    mutating func location() -> Location<CodableNavigation> {
        let tab: CodableTab = int(0...1) == 0 ? .notes : .archive
        let path = (0..<int(0...5)).map { _ in route() }
        let selection = int(0...2) == 0 ? [route()] : []
        let presentation: CodableDestination? = switch int(0...2) {
        case 0: .help
        case 1: .compose(draft: int(0...1) == 0 ? nil : string())
        default: nil
        }
        return Location(tab: tab, path: path, selection: selection, presentation: presentation,
                        presentationPath: presentation == nil ? [] : (0..<int(0...2)).map { _ in route() })
    }
}
