import NavigationTesting
import NotesApp
import Testing

/// Guessing is throttled per account name and per client address, and an unknown name answers
/// and works exactly as a known one: counted in scrypt runs, not timed.
@Suite struct ThrottleTests {
    @Test func fiveFailuresForOneAccountRefuseEvenTheRightPasswordUntilTheWindowPasses() async throws {
        let fixture = try NotesFixture()
        let clock = TestClock()
        try await fixture.server(throttle: SignInThrottle(now: { clock.now })).test(.inProcess) { browser in
            for _ in 1...5 {
                #expect(try await browser.signIn("alice", "wrong password").status == 422)
            }
            let runs = fixture.passwords.derivationCount
            let refused = try await browser.signIn("alice", NotesFixture.alicePassword)
            #expect(refused.status == 429)
            #expect(refused.header("Retry-After") == "900")
            #expect(fixture.passwords.derivationCount == runs, "a refused attempt runs no hash")
            #expect(browser.cookies["session"] == nil)
            #expect(try await browser.signIn("bob", NotesFixture.bobPassword).status == 200, "another account is not held up")

            clock.advance(by: 10 * 60)
            #expect(try await browser.signIn("Alice", NotesFixture.alicePassword).header("Retry-After") == "300")
            clock.advance(by: 5 * 60)
            let signedIn = try await browser.signIn("alice", NotesFixture.alicePassword)
            #expect(signedIn.status == 200 && browser.cookies["session"] != nil)
        }
    }

    @Test func anUnknownNameAnswersAndWorksExactlyAsAWrongPassword() async throws {
        let fixture = try NotesFixture()
        try await fixture.server().test(.inProcess) { browser in
            var answers: [String: (status: Int, alerts: [String], runs: Int)] = [:]
            for name in ["alice", "nobody-here"] {
                let before = fixture.passwords.derivationCount
                let page = try await browser.signIn(name, "wrong password")
                answers[name] = (page.status, page.alerts, fixture.passwords.derivationCount - before)
            }
            let known = try #require(answers["alice"]), unknown = try #require(answers["nobody-here"])
            #expect(known.status == 422 && unknown.status == 422)
            #expect(known.alerts == unknown.alerts)
            #expect(known.runs == 1 && unknown.runs == 1, "one scrypt run each")
            for _ in 2...5 { try await browser.signIn("nobody-here", "wrong password") }
            let held = try await browser.signIn("nobody-here", "wrong password")
            #expect(held.status == 429 && held.header("Retry-After") != nil, "unknown names are throttled alike")
        }
    }

    @Test func twentyFailuresFromOneAddressHoldItUpWhateverTheName() async throws {
        let fixture = try NotesFixture()
        let server = try fixture.server(trustedProxies: ["127.0.0.1", "::1"])
        let guesser = ForwardingProxy(scheme: "http", host: "127.0.0.1", clientAddress: "198.51.100.9")
        try await server.test(.live, settings: .init(proxy: guesser)) { browser in
            for index in 1...20 {
                #expect(try await browser.signIn("name-\(index)", "wrong password").status == 422)
            }
            let held = try await browser.signIn("alice", NotesFixture.alicePassword)
            #expect(held.status == 429 && held.header("Retry-After") != nil)
        }
        let neighbour = ForwardingProxy(scheme: "http", host: "127.0.0.1", clientAddress: "198.51.100.10")
        let other = try fixture.server(trustedProxies: ["127.0.0.1", "::1"])
        try await other.test(.live, settings: .init(proxy: neighbour)) { browser in
            let signedIn = try await browser.signIn("alice", NotesFixture.alicePassword)
            #expect(signedIn.status == 200)
        }
    }

    @Test func aPasswordOfAMegabyteIsRefusedBeforeAnythingIsHashed() async throws {
        let fixture = try NotesFixture()
        try await fixture.server().test(.live) { browser in
            let page = try await browser.get("/notes?present=signIn")
            let token = try #require(page.forms.first?.value(of: "_token"))
            let runs = fixture.passwords.derivationCount
            let huge = String(repeating: "p", count: 1 << 20)
            let answer = try await browser.post("/notes?present=signIn",
                                                fields: ["_token": token, "_action": "signIn", "name": "alice", "password": huge])
            #expect(answer.status == 413)
            let long = try await browser.post("/notes?present=signIn", fields: [
                "_token": token, "_action": "signIn", "name": "alice",
                "password": String(repeating: "p", count: PasswordHasher.maximumLength + 1)])
            #expect(long.status == 422)
            #expect(fixture.passwords.derivationCount == runs)
            #expect(browser.cookies["session"] == nil)
        }
    }
}
