import Foundation

/// Encodes the navigation state into a signed, versioned cookie value, and back (SceneStorage
/// for the web).
///
/// The value is `2.<payload>.<signature>`: a format version, the state as base64url JSON holding
/// route path segments (IDs, never objects), and an HMAC-SHA256 over both. The cookie (name, `=`
/// and value, under either of its names) never exceeds `maxSize` bytes (for any `maxSize` that fits an empty state, about
/// 100): when the state is too large, the longest stack loses its top screen, repeatedly; among
/// stacks of equal length the visible tab's goes first, since its screens are also in the URL.
/// What remains of each stack is a prefix of it. What is never trimmed (a flow's draft, feature
/// flags, the context, a notice) must fit by itself: ``canHold(_:)`` says whether it does, and
/// the responder refuses a form whose draft would not (422) rather than lose it.
///
/// ```swift
/// let cookie = StateCookie<AppNavigation>(keys: ring)
/// let value = cookie.encode(state)
/// cookie.decode(value) == state   // true unless trimmed; presentations live in the URL only
/// ```
///
/// `decode` returns nil for anything it cannot verify and read, and the caller treats that as no
/// cookie at all.
public struct StateCookie<Schema: NavigationSchema>: Sendable {
    /// The format written: 2 added the form nonce, tab customization, feature flags and column
    /// visibility to version 1's tabs and stacks.
    public static var version: Int { 2 }
    /// Formats still read. A version-1 cookie reads as its stacks with an empty nonce (which the
    /// responder replaces); anything else is a clean reset.
    public static var readableVersions: Set<Int> { Set(readable) }
    /// `readableVersions` without building a set on every request.
    static var readable: ClosedRange<Int> { 1...2 }
    /// The cookie's name over plain http.
    public let name: String
    /// The most bytes the cookie may take, counted as `secureName`, `=` and the value, so that it
    /// holds under either name. `encode` and `write` drop screens (stack tops, then split-view
    /// selections) until it fits; the rest (nonce, notice, flow, scene storage, features, context, tab
    /// arrangement) is never dropped, so a limit smaller than that needs is exceeded.
    public let maxSize: Int
    /// How long a browser keeps the cookie, in seconds (`Max-Age`): 400 days by default, the
    /// longest browsers allow, so that the stacks, the tab arrangement and the onboarding outlive
    /// a browser's restart as `@SceneStorage` and `@AppStorage` outlive an app's relaunch. Each
    /// change of state sets the cookie again, and with it a new 400 days. Nil makes it a session
    /// cookie, gone when the browser quits.
    public let maxAge: Int?
    private let keys: KeyRing
    /// The values written lately, shared by the copies of this value: what a value reads as
    /// depends on it and the ring only, and the ring is fixed here.
    let written = WrittenCookies<Schema>()
    /// The form tokens made lately, by nonce, shared like `written`: a token depends on the nonce
    /// and the ring only. A nonce lasts from click to click, and every page that shows a form
    /// carries its token: an HMAC a request where a lookup answers. At most 512 are kept (nonces
    /// come from cookies that verified, so only new visitors add any).
    let formTokens = KeptValues<String, String>(limit: 512, byteLimit: 512 * 128) { $0.utf8.count + $1.utf8.count }

    /// - Parameters:
    ///   - keys: The secrets that sign (the first) and verify (every one) the cookie and form tokens.
    ///   - name: The cookie's name over plain http; over https it is `__Host-` and this name.
    ///   - maxSize: See ``maxSize``; 4096, which every browser keeps, by default.
    ///   - maxAge: See ``maxAge``; 400 days by default.
    public init(keys: KeyRing, name: String = "nav", maxSize: Int = 4096, maxAge: Int? = 400 * 24 * 60 * 60) {
        self.keys = keys
        self.name = name
        self.maxSize = maxSize
        self.maxAge = maxAge
    }

    /// The cookie value for `state` with a fresh nonce, trimmed to fit `maxSize`.
    public func encode(_ state: NavigationState<Schema>) -> String {
        write(StoredState(state: state, nonce: Self.newNonce()))
    }

    /// The state in `value`, or nil when it is not a cookie this ring signed in this version.
    public func decode(_ value: String) -> NavigationState<Schema>? {
        read(value)?.state
    }

    /// The cookie value for `stored`, trimmed to fit `maxSize`. `visible`, the stack of the page
    /// shown, lends its URL's path to the cookie: the same segments, encoded once.
    public func write(_ stored: StoredState<Schema>, visible: EncodedStack<Schema.Route>? = nil) -> String {
        writing(stored, visible: visible).value
    }

    /// `write(_:visible:)`, and whether screens had to be left out for it to fit `maxSize`: the
    /// state it holds is then not the whole of `stored`, which an app may want to say.
    public func writing(
        _ stored: StoredState<Schema>, visible: EncodedStack<Schema.Route>? = nil
    ) -> (value: String, isTrimmed: Bool) {
        let whole = seal(json: stored.cookieJSON(visible: visible))
        guard !fits(whole) else {
            written.keep(whole, writtenFrom: stored, visible: visible)
            return (whole, false)
        }
        let payload = Self.payload(of: stored)
        // The result is what removing one screen at a time until the value fits gives. The size
        // only shrinks as screens go, so the number of removals is found by doubling then
        // bisecting: a few encodings instead of one per screen of a 4 KB state.
        let visible = stored.state.selectedTab.rawValue
        let order = Schema.Tab.allCases.map { $0.rawValue }
        func trimmed(_ count: Int) -> (value: String, isComplete: Bool) {
            var copy = payload
            for _ in 0..<count where !copy.trim(visible: visible, order: order) {
                return (seal(copy), true)
            }
            return (seal(copy), false)
        }
        var fitting = 1
        var tooLarge = 0
        var attempt = trimmed(fitting)
        while !fits(attempt.value), !attempt.isComplete {
            tooLarge = fitting
            fitting *= 2
            attempt = trimmed(fitting)
        }
        var best = attempt.value
        while fitting - tooLarge > 1 {
            let middle = (tooLarge + fitting) / 2
            let candidate = trimmed(middle)
            if fits(candidate.value) { fitting = middle; best = candidate.value } else { tooLarge = middle }
        }
        return (best, true)
    }

    /// Why `read(_:)` refuses a cookie value.
    public enum Refusal: String, Sendable {
        /// Its signature does not verify under the ring: tampered with, or signed with a secret
        /// the ring no longer holds.
        case signature
        /// It verifies, but holds no state this version of the app reads (an old format).
        case content
    }

    /// Why `read(_:)` refuses `value`, or nil when it reads it.
    public func refusal(of value: String) -> Refusal? {
        guard let (version, json) = verifiedJSON(value) else { return .signature }
        return read(version: version, json: json) == nil ? .content : nil
    }

    /// Whether `write(stored)` fits `maxSize`. Stacks and selections are trimmed to fit, so it is
    /// false only when what the cookie keeps whole (a flow's draft, scene storage, feature flags, the context and
    /// the notice) is too large by itself; a browser would refuse such a cookie.
    public func canHold(_ stored: StoredState<Schema>) -> Bool {
        fits(write(stored))
    }

    /// The cookie's name over https: `__Host-` and `name`. Browsers keep a cookie of this name
    /// only when it is `Secure`, has `Path=/` and no `Domain`, so neither a plain-http page nor
    /// another subdomain can plant one.
    public var secureName: String {
        "__Host-" + name
    }

    /// Whether the cookie fits `maxSize` under either name.
    private func fits(_ value: String) -> Bool {
        secureName.utf8.count + 1 + value.utf8.count <= maxSize
    }

    /// What `value` holds, or nil when it is not a cookie this ring signed in this version.
    /// Screens whose segments no longer parse are dropped with everything above them. A cookie
    /// written before nonces existed reads with an empty nonce; give it a fresh one.
    public func read(_ value: String) -> StoredState<Schema>? {
        guard let (version, json) = verifiedJSON(value) else { return nil }
        return read(version: version, json: json)
    }

    /// What a cookie's payload holds once its signature has been checked: the part of `read`
    /// that sees attacker-chosen bytes only if the secret leaks, exposed so a fuzzer can reach it
    /// without forging signatures. Nil for a version this type does not read or JSON it cannot.
    @_spi(Fuzzing) public func read(version: Int, json: Data) -> StoredState<Schema>? {
        read(version: version, json: Array(json))
    }

    private func read(version: Int, json: [UInt8]) -> StoredState<Schema>? {
        guard Self.readable.contains(version) else { return nil }
        return StoredState(cookieJSON: json)
    }

    /// The token forms carry to prove they were served to the holder of the cookie with `nonce`:
    /// another site can make a browser send the cookie, but cannot read the token.
    public func formToken(for nonce: String) -> String {
        formTokens.value(for: nonce) { nonce in Base64URL.encode(keys.sign(Array(("form:" + nonce).utf8))) }
    }

    /// True when `token` is `formToken(for: nonce)` under any key of the ring.
    public func isValidFormToken(_ token: String, for nonce: String) -> Bool {
        guard !nonce.isEmpty, let signature = Base64URL.decode(token[...]) else { return false }
        return keys.verify(signature, for: Data(("form:" + nonce).utf8))
    }

    /// 128 random bits, base64url.
    public static func newNonce() -> String {
        var generator = SystemRandomNumberGenerator()
        return Base64URL.encode((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// The verified payload of `value`, or nil.
    func open(_ value: String) -> CookiePayload? {
        verifiedJSON(value).flatMap { Self.payload(version: $0, json: $1) }
    }

    private static func payload(version: Int, json: [UInt8]) -> CookiePayload? {
        guard readable.contains(version) else { return nil }
        return CookiePayload(json: json)
    }

    /// The version and JSON of `value` when its signature verifies under the ring, else nil.
    /// Exposed with `seal` so the phase benchmark can time each step.
    @_spi(Benchmark) public func verify(_ value: String) -> (Int, Data)? {
        verifiedJSON(value).map { ($0.version, Data($0.json)) }
    }

    /// `verify` on the value's bytes: `<digit>.<base64url>.<base64url>`, the signature covering
    /// everything before the second dot.
    func verifiedJSON(_ value: String) -> (version: Int, json: [UInt8])? {
        var value = value
        return value.withUTF8 { bytes -> (version: Int, json: [UInt8])? in
            let dot = UInt8(ascii: ".")
            guard bytes.count > 2, bytes[1] == dot, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[0]),
                  case let version = Int(bytes[0] - UInt8(ascii: "0")), Self.readable.contains(version),
                  let second = bytes[2...].firstIndex(of: dot), !bytes[(second + 1)...].contains(dot),
                  let json = Base64URL.decode(UnsafeBufferPointer(rebasing: bytes[2..<second])),
                  let signature = Base64URL.decode(UnsafeBufferPointer(rebasing: bytes[(second + 1)...])),
                  keys.verify(signature, for: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[..<second])))
            else { return nil }
            return (version, json)
        }
    }

    func seal(_ payload: CookiePayload) -> String {
        seal(json: payload.json)
    }

    /// The cookie value holding `json`: version, payload and signature.
    @_spi(Benchmark) public func seal(json: Data) -> String {
        seal(json: Array(json))
    }

    private func seal(json: [UInt8]) -> String {
        // Written in one buffer and made a string once: `<version>.`, the payload's text, the
        // signature over those, `.` and the signature's text.
        let payload = Base64URL.encodedCount(of: json.count)
        let signature = Base64URL.encodedCount(of: KeyRing.signatureCount)
        let bytes = [UInt8](unsafeUninitializedCapacity: 2 + payload + 1 + signature) { output, initialized in
            output[0] = UInt8(ascii: "0") + UInt8(Self.version)
            output[1] = UInt8(ascii: ".")
            json.withUnsafeBufferPointer { _ = Base64URL.encode($0, into: UnsafeMutableBufferPointer(rebasing: output[2...])) }
            let signed = keys.sign(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: output[..<(2 + payload)])))
            output[2 + payload] = UInt8(ascii: ".")
            signed.withUnsafeBufferPointer { _ = Base64URL.encode($0, into: UnsafeMutableBufferPointer(rebasing: output[(3 + payload)...])) }
            initialized = output.count
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The JSON that `write` seals for `stored`, before any trimming.
    @_spi(Benchmark) public func json(of stored: StoredState<Schema>) -> Data {
        Data(stored.cookieJSON)
    }

    static func payload(of stored: StoredState<Schema>) -> CookiePayload {
        var payload = CookiePayload(stored.state, nonce: stored.nonce)
        payload.m = stored.notice.map { String($0.prefix(200)) }
        payload.i = stored.window
        if !stored.otherWindows.isEmpty {
            payload.y = stored.otherWindows.map { other in
                var window = CookiePayload(window: other.state)
                window.i = other.id
                return window
            }
        }
        return payload
    }
}
