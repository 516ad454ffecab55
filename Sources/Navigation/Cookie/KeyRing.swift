import Crypto
import Foundation

/// The keys that sign state cookies: the newest signs, every key verifies, so a secret can be
/// rotated without logging anybody out (put the new secret first, keep the old one second).
public struct KeyRing: Sendable {
    /// Newest first; never empty. Each is an HMAC already keyed, copied for every message: keying
    /// costs two SHA-256 blocks, as much as a few hundred bytes of cookie.
    private let keyed: [Keyed]

    /// `HMAC` holds nothing but hash states, values copied on use.
    private struct Keyed: @unchecked Sendable {
        let hmac: HMAC<SHA256>
    }

    /// How many keys verify; the first signs.
    public var count: Int { keyed.count }

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
        keyed = keys.map { Keyed(hmac: HMAC<SHA256>(key: SymmetricKey(data: $0))) }
    }

    /// A fresh random secret for a secret file: 64 hexadecimal characters (256 bits).
    public static func generateSecret() -> String {
        SymmetricKey(size: .bits256).withUnsafeBytes { bytes in
            bytes.map { String(format: "%02x", $0) }.joined()
        }
    }

    /// The bytes of a signature: HMAC-SHA256's.
    static var signatureCount: Int { SHA256.byteCount }

    func sign(_ message: some DataProtocol) -> Data {
        Data(sign(Array(message)))
    }

    func sign(_ message: [UInt8]) -> [UInt8] {
        message.withUnsafeBytes { sign($0) }
    }

    func sign(_ message: UnsafeRawBufferPointer) -> [UInt8] {
        var hmac = keyed[0].hmac
        hmac.update(data: message)
        return Array(hmac.finalize())
    }

    func verify(_ signature: Data, for message: some DataProtocol) -> Bool {
        Array(message).withUnsafeBytes { verify(Array(signature), for: $0) }
    }

    /// True when `signature` is the HMAC of `message` under any key, compared in constant time.
    func verify(_ signature: [UInt8], for message: UnsafeRawBufferPointer) -> Bool {
        keyed.contains { key in
            var hmac = key.hmac
            hmac.update(data: message)
            return hmac.finalize() == signature
        }
    }
}
