import _CryptoExtras
import Crypto
import Foundation
import NavigationHTML
import Synchronization

/// Passwords hashed with scrypt, salted, in the PHC string format
/// (`$scrypt$ln=17,r=8,p=1$salt$hash`). The default cost is OWASP's Password Storage Cheat
/// Sheet's: N = 2^17 (128 MiB of memory), r = 8, p = 1. A hash names its own cost, so raising
/// the cost later still verifies the hashes made before.
public final class PasswordHasher: Sendable {
    /// Fewer characters are refused.
    public static let minimumLength = 8
    /// More characters are refused before anything is hashed: scrypt's time does not grow with
    /// the password, but nobody types more, and a limit keeps the work per request known.
    public static let maximumLength = 1_024
    /// What a password may be, as typed at sign-in: one line of at most `maximumLength`
    /// characters (and four bytes each), no control character.
    public static let rule = TextRule(label: "password", maxLength: maximumLength)

    /// log2 of N, the cost in time and memory.
    public let logRounds: Int
    public let blockSize: Int
    public let parallelism: Int
    private let derivations = Mutex(0)
    /// A hash at this cost of a password nobody has (random salt, random key), checked when the
    /// account does not exist, so that an unknown name takes the same work as a wrong password.
    private let decoy: String

    /// OWASP's minimum: N = 2^17, r = 8, p = 1.
    public static let owasp = (logRounds: 17, blockSize: 8, parallelism: 1)

    public init(logRounds: Int = owasp.logRounds, blockSize: Int = owasp.blockSize, parallelism: Int = owasp.parallelism) {
        self.logRounds = logRounds
        self.blockSize = blockSize
        self.parallelism = parallelism
        let random = { (size: SymmetricKeySize) in SymmetricKey(size: size).withUnsafeBytes { Data($0) } }
        decoy = Self.encoded(salt: random(.bits128), key: random(.bits256), logRounds: logRounds, blockSize: blockSize,
                             parallelism: parallelism)
    }

    /// How many times scrypt has run: what tests count instead of timing.
    public var derivationCount: Int { derivations.withLock { $0 } }

    /// A new salted hash of `password`.
    public func hash(_ password: String) throws -> String {
        let salt = SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) }
        let key = try derive(password, salt: salt, logRounds: logRounds, blockSize: blockSize, parallelism: parallelism)
        return Self.encoded(salt: salt, key: key, logRounds: logRounds, blockSize: blockSize, parallelism: parallelism)
    }

    /// The PHC string of a hash: `$scrypt$ln=…,r=…,p=…$salt$key`, both in base64.
    private static func encoded(salt: Data, key: Data, logRounds: Int, blockSize: Int, parallelism: Int) -> String {
        "$scrypt$ln=\(logRounds),r=\(blockSize),p=\(parallelism)$\(salt.base64EncodedString())$\(key.base64EncodedString())"
    }

    /// True when `password` is the one `stored` was made from. A `stored` of nil (no such
    /// account) runs the same derivation against a decoy and answers false.
    public func verify(_ password: String, against stored: String?) throws -> Bool {
        guard let stored else {
            _ = try verify(password, against: decoy)
            return false
        }
        let parts = stored.split(separator: "$")
        guard parts.count == 4, parts[0] == "scrypt", let salt = Data(base64Encoded: String(parts[2])),
              let expected = Data(base64Encoded: String(parts[3]))
        else { return false }
        var cost: [Substring: Int] = [:]
        for setting in parts[1].split(separator: ",") {
            let pair = setting.split(separator: "=")
            if pair.count == 2, let value = Int(pair[1]) { cost[pair[0]] = value }
        }
        guard let logRounds = cost["ln"], let blockSize = cost["r"], let parallelism = cost["p"],
              (10...22).contains(logRounds)
        else { return false }
        let key = try derive(password, salt: salt, logRounds: logRounds, blockSize: blockSize, parallelism: parallelism)
        // Compared as HMAC keys are, in constant time.
        return SymmetricKey(data: key) == SymmetricKey(data: expected)
    }

    private func derive(_ password: String, salt: Data, logRounds: Int, blockSize: Int, parallelism: Int) throws -> Data {
        derivations.withLock { $0 += 1 }
        let key = try KDF.Scrypt.deriveKey(
            from: Array(password.utf8), salt: salt, outputByteCount: 32, rounds: 1 << logRounds,
            blockSize: blockSize, parallelism: parallelism)
        return key.withUnsafeBytes { Data($0) }
    }
}
