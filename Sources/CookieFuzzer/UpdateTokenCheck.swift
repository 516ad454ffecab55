import Foundation
import Navigation

/// What the fuzzer asserts about one input as an update stream's token (see `UpdateToken`): as
/// sealed text, it opens only when signed (never here), and never crashes; as the signed
/// message, whatever reads seals and opens back to itself.
enum UpdateTokenCheck {
    static let keys = KeyRing(secrets: [String(repeating: "fuzzing-", count: 4)])!

    static func run(_ data: Data) {
        let text = String(decoding: data, as: UTF8.self)
        if UpdateToken(opening: text, with: keys) != nil {
            fatalError("update token check: unsigned text opened as a token")
        }
        guard let token = UpdateToken(message: text) else { return }
        guard UpdateToken(opening: token.sealed(with: keys), with: keys) == token else {
            fatalError("update token check: a token does not open back to itself")
        }
    }
}
