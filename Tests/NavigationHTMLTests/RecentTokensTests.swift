import Navigation
import Testing
@testable import NavigationHTML

/// Pages drawn from the same versions for the same owner share a token for a while; anything
/// else, or later, gets one of its own.
@Suite struct RecentTokensTests {
    /// Signs by counting, so that a test sees which calls signed.
    private final class Signer: @unchecked Sendable {
        var count = 0
        func sign(_ expires: Int) -> String {
            count += 1
            return "token \(count) until \(expires)"
        }
    }

    @Test func theSameDataSharesATokenForAWhile() {
        let tokens = RecentTokens(), signer = Signer()
        let first = tokens.token(versions: ["orders": 3], owner: nil, now: 1_000, lifetime: 43_200, sign: signer.sign)
        #expect(first == "token 1 until 44200")
        // Within the while (a minute for a 12-hour lifetime): the same token.
        #expect(tokens.token(versions: ["orders": 3], owner: nil, now: 1_059, lifetime: 43_200, sign: signer.sign) == first)
        // Another version, another owner, another topic: signed apart.
        #expect(tokens.token(versions: ["orders": 4], owner: nil, now: 1_001, lifetime: 43_200, sign: signer.sign) == "token 2 until 44201")
        #expect(tokens.token(versions: ["orders": 3], owner: "a", now: 1_001, lifetime: 43_200, sign: signer.sign) == "token 3 until 44201")
        #expect(tokens.token(versions: ["orders": 3, "order/1": 1], owner: nil, now: 1_001, lifetime: 43_200, sign: signer.sign)
            == "token 4 until 44201")
        // Once the while has passed, a fresh one.
        #expect(tokens.token(versions: ["orders": 3], owner: nil, now: 1_060, lifetime: 43_200, sign: signer.sign) == "token 5 until 44260")
        #expect(signer.count == 5)
    }

    @Test func aShortLifetimeSharesForAHundredthOfIt() {
        let tokens = RecentTokens(), signer = Signer()
        _ = tokens.token(versions: ["a": 1], owner: nil, now: 0, lifetime: 1_000, sign: signer.sign)
        _ = tokens.token(versions: ["a": 1], owner: nil, now: 9, lifetime: 1_000, sign: signer.sign)
        #expect(signer.count == 1)
        _ = tokens.token(versions: ["a": 1], owner: nil, now: 10, lifetime: 1_000, sign: signer.sign)
        #expect(signer.count == 2)
        // Under 100 seconds nothing is shared: each page's token is its own.
        for now in 0..<3 { _ = tokens.token(versions: ["b": 1], owner: nil, now: now, lifetime: 99, sign: signer.sign) }
        _ = tokens.token(versions: ["b": 1], owner: nil, now: 2, lifetime: 0, sign: signer.sign)
        #expect(signer.count == 6)
    }

    @Test func manyDifferentPagesStartTheListAgain() {
        let tokens = RecentTokens(), signer = Signer()
        for version in 0..<300 { _ = tokens.token(versions: ["a": version], owner: nil, now: 0, lifetime: 43_200, sign: signer.sign) }
        // The first ones were dropped when the list filled; the last ones are kept.
        _ = tokens.token(versions: ["a": 0], owner: nil, now: 1, lifetime: 43_200, sign: signer.sign)
        _ = tokens.token(versions: ["a": 299], owner: nil, now: 1, lifetime: 43_200, sign: signer.sign)
        #expect(signer.count == 301)
    }
}
