import Foundation
import Testing
@_spi(Benchmark) @testable import Navigation

let newSecret = "new-secret-0123456789abcdef"
let oldSecret = "old-secret-0123456789abcdef"

func ring(_ secrets: String...) -> KeyRing {
    guard let ring = KeyRing(secrets: secrets) else { fatalError("test secrets must qualify") }
    return ring
}

@Suite("State cookie codec")
struct StateCookieTests {
    let cookie = StateCookie<TestNavigation>(keys: ring(newSecret))

    /// A screen the app no longer reads (a route renamed since the cookie was written) is left
    /// out with those above it, and the stored state says so; a whole cookie says nothing.
    @Test func screensThatNoLongerReadAreLeftOutAndSaid() throws {
        let json = #"{"n":"nonce","s":{"home":["orders","renamed-route","x","orders"],"orders":["orders"]},"t":"home"}"#
        let stored = try #require(cookie.read(cookie.seal(json: Data(json.utf8))))
        #expect(stored.leftOutScreens)
        #expect(stored.state[.home].path.elements == [.orderHistory], "the stack up to the screen that does not read")
        #expect(stored.state[.orders].path.elements == [.orderHistory], "other stacks stand")
        let whole = try #require(cookie.read(cookie.write(stored)))
        #expect(!whole.leftOutScreens)
    }

    static var sample: State {
        var state = deepState(depth: 3, tabs: [.home, .orders], selected: .orders)
        state[.recipes].selection = [.category("desserts")]
        state.apply(.push(.orderDetail(orderId: "ORD-001")))
        return state
    }

    @Test func roundTripKeepsEveryTabButNotThePresentation() throws {
        let state = Self.sample.applying(.present(.search))
        let value = cookie.encode(state)
        let decoded = try #require(cookie.decode(value))
        #expect(decoded.presentation == nil, "presentations live in the URL only")
        #expect(decoded == state.applying(.dismiss))
        #expect(decoded[.recipes].selection == [.category("desserts")])
        #expect(decoded.path.elements.last == .orderDetail(orderId: "ORD-001"))
    }

    @Test func formatIsVersionedAndCookieSafe() {
        let value = cookie.encode(Self.sample)
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3)
        #expect(parts.first == "2")
        #expect(StateCookie<TestNavigation>.version == 2)
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.")
        #expect(value.allSatisfy { allowed.contains($0) }, "\(value)")
        #expect(cookie.name == "nav")
        #expect(cookie.maxSize == 4096)
    }

    @Test func emptyStateRoundTrips() throws {
        #expect(try #require(cookie.decode(cookie.encode(State()))) == State())
        let profile = State(selectedTab: .profile)
        #expect(cookie.decode(cookie.encode(profile)) == profile)
    }

    /// Changes each base64url character of one part (1: payload, 2: signature) to its neighbour
    /// in the alphabet, which flips the lowest of its six bits.
    @Test(arguments: [1, 2])
    func everyChangedCharacterIsRejected(part: Int) {
        let value = cookie.encode(Self.sample)
        let parts = value.split(separator: ".", omittingEmptySubsequences: false).map { Array($0) }
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var accepted: [Int] = []
        for offset in parts[part].indices {
            var tampered = parts
            let index = alphabet.firstIndex(of: tampered[part][offset]) ?? 0
            tampered[part][offset] = alphabet[(index + 1) % alphabet.count]
            if cookie.decode(tampered.map { String($0) }.joined(separator: ".")) != nil { accepted.append(offset) }
        }
        #expect(accepted.isEmpty, "part \(part): changed characters at offsets \(accepted) of \(parts[part].count) were accepted")
    }

    @Test func tamperedVersionIsRejected() {
        let value = cookie.encode(Self.sample)
        #expect(cookie.decode("1" + value.dropFirst()) == nil, "the version is signed too")
    }

    @Test func tamperedPayloadByteIsRejected() throws {
        let value = cookie.encode(Self.sample)
        let parts = value.split(separator: ".").map(String.init)
        var json = try #require(Base64URL.decode(Substring(parts[1])))
        let text = String(decoding: json, as: UTF8.self)
        #expect(text.contains("ORD-001"))
        json = Data(text.replacingOccurrences(of: "ORD-001", with: "ORD-002").utf8)
        let forged = [parts[0], Base64URL.encode(json), parts[2]].joined(separator: ".")
        #expect(cookie.decode(forged) == nil)
    }

    @Test func truncatedCookiesAreRejected() {
        let value = cookie.encode(Self.sample)
        let rejected = (0..<value.count).filter { cookie.decode(String(value.prefix($0))) == nil }
        #expect(rejected.count == value.count)
        #expect(cookie.decode(String(value.dropFirst())) == nil)
    }

    @Test func wrongKeyIsRejected() {
        let value = cookie.encode(Self.sample)
        let other = StateCookie<TestNavigation>(keys: ring("another-secret-that-is-long"))
        #expect(other.decode(value) == nil)
        #expect(cookie.decode(value) != nil)
    }

    @Test func rotatedKeysVerifyOldCookiesAndSignWithTheNewest() throws {
        let old = StateCookie<TestNavigation>(keys: ring(oldSecret))
        let rotated = StateCookie<TestNavigation>(keys: ring(newSecret, oldSecret))
        let oldValue = old.encode(Self.sample)
        #expect(rotated.decode(oldValue) == Self.sample, "the old key, second in the ring, still verifies")
        let newValue = rotated.encode(Self.sample)
        #expect(newValue != oldValue)
        #expect(old.decode(newValue) == nil, "new cookies are signed with the first key")
        #expect(cookie.decode(newValue) == Self.sample, "the new key alone verifies them")
    }

    @Test func keyRingNeedsLongSecrets() throws {
        #expect(KeyRing(secrets: []) == nil)
        #expect(KeyRing(secrets: ["short", "   fifteen chars   "]) == nil)
        let trimmed = try #require(KeyRing(secrets: ["short", "  \(newSecret)\n"]))
        #expect(trimmed.count == 1)
        let value = StateCookie<TestNavigation>(keys: trimmed).encode(Self.sample)
        #expect(cookie.decode(value) == Self.sample, "surrounding whitespace is not part of the secret")
        let secret = KeyRing.generateSecret()
        #expect(secret.count == 64 && secret.allSatisfy(\.isHexDigit))
        #expect(secret != KeyRing.generateSecret())
    }

    /// A correctly signed value, so that only the part under test can make `decode` fail.
    func signed(version: String, json: String) -> String {
        let message = version + "." + Base64URL.encode(Data(json.utf8))
        return message + "." + Base64URL.encode(ring(newSecret).sign(Data(message.utf8)))
    }

    @Test func unknownVersionIsRejectedEvenWhenSigned() {
        let json = #"{"t":"orders","s":{"orders":["orders"]}}"#
        #expect(cookie.decode(signed(version: "1", json: json))?.path.elements == [.orderHistory])
        #expect(cookie.decode(signed(version: "2", json: json))?.path.elements == [.orderHistory])
        for version in ["3", "0", "01", "02", "", "v1", "1 ", "+2", "-1", "２"] {
            #expect(cookie.decode(signed(version: version, json: json)) == nil, "version \(version)")
        }
    }

    @Test func signedPayloadsThatNoLongerParseAreDropped() throws {
        let json = #"{"t":"gone","s":{"home":["user","42","teleport","settings"],"gone":["settings"]}}"#
        let state = try #require(cookie.decode(signed(version: "1", json: json)))
        #expect(state.selectedTab == .home, "an unknown tab falls back to the default")
        #expect(state.path.elements == [.userDetail(userId: 42)], "screens from the first unknown one up are dropped")
        #expect(state.visitedTabs == [.home])
        #expect(cookie.decode(signed(version: "1", json: "not json")) == nil)
        #expect(cookie.decode(signed(version: "1", json: #"{"s":{}}"#)) == nil)
    }

    static let garbage: [String] = [
        "", ".", "..", "...", "1", "1.", "1..", "1.a.b", "1.e30.", "1..AAAA", "=", "nav=1.a.b",
        "1.e30=.AAAA", "1.e3+0.AAAA", "1.e3/0.AAAA", "🍪.🍪.🍪", "1.🍪.🍪", "\u{0}\u{0}", "1.\u{0}.\u{0}",
        String(repeating: "A", count: 1_000_000),
        "1." + String(repeating: "A", count: 100_000) + "." + String(repeating: "A", count: 43),
        String(repeating: ".", count: 100_000),
        "1." + String(repeating: "e30", count: 50_000) + ".x",
    ]

    @Test(arguments: garbage)
    func garbageIsRejectedWithoutCrashing(value: String) {
        #expect(cookie.decode(value) == nil)
    }
}
