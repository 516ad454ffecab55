import Foundation

/// What a page's update stream is for, signed into its URL: the topics the page was drawn
/// from and the version of each it saw, whose page it is (the identity's `stateKey`, nil
/// signed out) and until when the stream may be opened.
///
/// ```swift
/// let token = UpdateToken(versions: ["orders": 12], owner: nil, expires: now + 43_200)
/// let sealed = token.sealed(with: keys)
/// UpdateToken(opening: sealed, with: keys)   // the same token; nil for anything forged
/// ```
public struct UpdateToken: Sendable, Equatable {
    /// Each topic and the version the page showed (0: never published).
    public var versions: [Topic: Int]
    /// The signed-in identity's `stateKey` the page was drawn for; nil for nobody.
    public var owner: String?
    /// Seconds since 1970 after which the token opens no stream.
    public var expires: Int

    /// A token for a page drawn from `versions` for `owner`, opening streams until `expires`.
    public init(versions: [Topic: Int], owner: String?, expires: Int) {
        self.versions = versions
        self.owner = owner
        self.expires = expires
    }

    /// The token as URL-safe text, signed with `keys`' newest key.
    public func sealed(with keys: KeyRing) -> String {
        keys.seal(message, purpose: Self.purpose)
    }

    /// The token `text` holds when a key of `keys` signed it for this purpose and it reads
    /// whole; nil otherwise (forged, tampered, truncated, made for something else).
    public init?(opening text: String, with keys: KeyRing) {
        guard let message = keys.open(text, purpose: Self.purpose) else { return nil }
        self.init(message: message)
    }

    /// Whether the token still opens a stream at `now`.
    public func isValid(at now: Date = Date()) -> Bool {
        Double(expires) > now.timeIntervalSince1970
    }

    private static let purpose = "navigation-updates"

    /// The signed text: a format number, the expiry, the owner, then a topic and its version per
    /// line. Names are percent-escaped where they would break a line.
    var message: String {
        var lines = ["1", String(expires), owner.map { "=" + Self.escaped($0) } ?? "-"]
        for (topic, version) in versions.sorted(by: { $0.key < $1.key }) {
            lines.append("\(Self.escaped(topic.name))\t\(version)")
        }
        return lines.joined(separator: "\n")
    }

    /// Reads `message`; nil unless every line is as `message` writes it.
    public init?(message: String) {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 3, lines[0] == "1", let expires = Int(lines[1]) else { return nil }
        let owner: String?
        if lines[2] == "-" {
            owner = nil
        } else if lines[2].first == "=", let name = Self.unescaped(lines[2].dropFirst()) {
            owner = name
        } else {
            return nil
        }
        var versions: [Topic: Int] = [:]
        for line in lines.dropFirst(3) {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 2, let name = Self.unescaped(fields[0]), let version = Int(fields[1]), version >= 0,
                  versions.updateValue(version, forKey: Topic(name)) == nil
            else { return nil }
        }
        self.init(versions: versions, owner: owner, expires: expires)
    }

    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text.unicodeScalars {
            switch character {
            case "%": result += "%25"
            case "\n": result += "%0A"
            case "\r": result += "%0D"
            case "\t": result += "%09"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    private static func unescaped(_ text: Substring) -> String? {
        guard text.contains("%") else { return String(text) }
        return text.removingPercentEncoding
    }
}
