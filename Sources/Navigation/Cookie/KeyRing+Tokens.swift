import Foundation

/// Signed tokens for values of the app's own, such as the cookie that says who is signed in:
/// readable by whoever holds them, but not made or changed without the keys.
extension KeyRing {
    /// `message` and its signature as one token of URL- and cookie-safe characters
    /// (`base64url(message).base64url(HMAC)`), signed by the newest key. `purpose` is signed with
    /// it, so a token made for one purpose (or the state cookie) is never taken for another.
    ///
    /// ```swift
    /// let token = keys.seal("7.2.1795000000", purpose: "sign-in")
    /// keys.open(token, purpose: "sign-in")   // "7.2.1795000000"
    /// ```
    public func seal(_ message: String, purpose: String) -> String {
        let bytes = Array(message.utf8)
        return Base64URL.encode(bytes) + "." + Base64URL.encode(sign(Self.signed(bytes, purpose: purpose)))
    }

    /// The message of a token `seal(_:purpose:)` made for `purpose` with any key of the ring, or
    /// nil for anything else (checked in constant time).
    public func open(_ token: String, purpose: String) -> String? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let message = Base64URL.decode(parts[0]), let signature = Base64URL.decode(parts[1])
        else { return nil }
        let bytes = Array(message)
        guard verify(signature, for: Self.signed(bytes, purpose: purpose)) else { return nil }
        return String(bytes: bytes, encoding: .utf8)
    }

    /// What is signed: the purpose, a NUL (which no purpose holds), the message.
    private static func signed(_ message: [UInt8], purpose: String) -> [UInt8] {
        Array("token:\(purpose)".utf8) + [0] + message
    }
}
