import Crypto
import Foundation

/// The keys that sign state cookies: the newest signs, every key verifies, so a secret can be
/// rotated without logging anybody out (put the new secret first, keep the old one second).
public struct KeyRing: Sendable {
    /// Newest first; never empty. Kept as bytes because `SymmetricKey` is not `Sendable`.
    private let keys: [Data]

    /// How many keys verify; the first signs.
    public var count: Int { keys.count }

    /// A ring from secrets, newest first. Each secret is any text of at least 16 characters; its
    /// SHA-256 is the key. Returns nil when no secret qualifies.
    ///
    /// ```swift
    /// let ring = KeyRing(secrets: try String(contentsOfFile: "data/secret").split(separator: "\n").map(String.init))
    /// ```
    public init?(secrets: [String]) {
        let keys = secrets
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { $0.count >= 16 }
            .map { Data(SHA256.hash(data: Data($0.utf8))) }
        guard !keys.isEmpty else { return nil }
        self.keys = keys
    }

    /// A fresh random secret for a secret file: 64 hexadecimal characters (256 bits).
    public static func generateSecret() -> String {
        SymmetricKey(size: .bits256).withUnsafeBytes { bytes in
            bytes.map { String(format: "%02x", $0) }.joined()
        }
    }

    func sign(_ message: some DataProtocol) -> Data {
        Data(HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: keys[0])))
    }

    func verify(_ signature: Data, for message: some DataProtocol) -> Bool {
        keys.contains { HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: message, using: SymmetricKey(data: $0)) }
    }
}
