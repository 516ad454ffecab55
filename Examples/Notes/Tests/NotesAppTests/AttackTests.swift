import Foundation
import NavigationTesting
import NotesApp
import Testing

/// The sign-in and the forms as an attacker tries them: bursts sent at once, NUL and other control
/// characters in every field, two spellings of one name, combining-character floods, the cookie
/// behind an https proxy, and the files that hold the hashes and the secret.
@Suite struct AttackTests {
    /// `count` browsers, each with the sign-in form open (its token and cookie), then all of them
    /// posting `name` and `passwords[i]` at once; the statuses in the order given.
    func burst(_ name: String, _ passwords: [String], through browser: TestBrowser) async throws -> [Int] {
        var ready: [(TestBrowser, String)] = []
        for _ in passwords {
            let another = browser.anotherBrowser()
            let form = try await another.get("/notes?present=signIn")
            ready.append((another, try #require(form.forms.first?.value(of: "_token"))))
        }
        return try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for (index, (browser, token)) in ready.enumerated() {
                group.addTask {
                    let answer = try await browser.post("/notes?present=signIn", fields: [
                        "_token": token, "_action": "signIn", "name": name, "password": passwords[index]])
                    return (index, answer.status)
                }
            }
            var statuses = Array(repeating: 0, count: passwords.count)
            for try await (index, status) in group { statuses[index] = status }
            return statuses
        }
    }

    @Test func fiftySignInsAtOnceRunFiveHashesAndTheRightPasswordThenStaysOut() async throws {
        let fixture = try NotesFixture()
        try await fixture.server().test(.live) { browser in
            let before = fixture.passwords.derivationCount
            let statuses = try await burst("alice", Array(repeating: "wrong password", count: 50), through: browser)
            #expect(fixture.passwords.derivationCount - before <= 5, "a hash per admitted attempt, five at most")
            #expect(statuses.count { $0 == 422 } <= 5 && statuses.count { $0 == 429 } >= 45, "\(statuses)")
            #expect(!statuses.contains { $0 >= 500 })
            let runs = fixture.passwords.derivationCount
            let right = try await browser.signIn("alice", NotesFixture.alicePassword)
            #expect(right.status == 429 && browser.cookies["session"] == nil)
            #expect(fixture.passwords.derivationCount == runs)
        }
    }

    @Test func aBurstWithTheRightPasswordAmongWrongOnesGetsNoMoreTriesThanFive() async throws {
        let fixture = try NotesFixture()
        try await fixture.server().test(.live) { browser in
            let before = fixture.passwords.derivationCount
            let passwords = Array(repeating: "wrong password", count: 19) + [NotesFixture.alicePassword]
            let statuses = try await burst("ALICE", passwords, through: browser)
            #expect(fixture.passwords.derivationCount - before <= 5)
            // The right one got in only if it was among the five admitted, before the limit.
            #expect(statuses.count { $0 != 429 } <= 5, "\(statuses)")
        }
    }

    @Test func fiftyNamesAtOnceFromOneAddressRunTwentyHashesAtMost() async throws {
        let fixture = try NotesFixture()
        try await fixture.server().test(.live) { browser in
            let before = fixture.passwords.derivationCount
            var statuses: [Int] = []
            for index in 0..<5 {   // ten names a burst, each name new
                statuses += try await withThrowingTaskGroup(of: [Int].self) { group in
                    for name in 0..<10 {
                        group.addTask { try await self.burst("name-\(index)-\(name)", ["wrong password"], through: browser) }
                    }
                    return try await group.reduce([], +)
                }
            }
            #expect(fixture.passwords.derivationCount - before <= 20)
            #expect(statuses.count { $0 == 429 } >= 30, "\(statuses)")
        }
    }

    @Test func aNULOrControlCharacterInANameOpensNothing() async throws {
        let fixture = try NotesFixture()
        try await fixture.server().test(.live) { browser in
            for _ in 1...5 { try await browser.signIn("bob", "wrong password") }
            #expect(try await browser.signIn("bob", NotesFixture.bobPassword).status == 429)
            let runs = fixture.passwords.derivationCount
            for name in ["bob\u{0}", "bob\u{0}zzz", "alice\u{0}zzz", "alice\u{1B}", "ali\u{7F}ce", "\u{0}"] {
                let page = try await browser.signIn(name, name.hasPrefix("bob") ? NotesFixture.bobPassword : NotesFixture.alicePassword)
                #expect(page.status == 422, "\(name.unicodeScalars.map(\.value))")
                #expect(page.text.contains("holds a control character"))
                #expect(!page.text.contains("\u{0}"), "never drawn back")
                #expect(browser.cookies["session"] == nil)
            }
            #expect(try await browser.signIn("alice", "pass\u{0}word").status == 422, "nor in a password")
            #expect(fixture.passwords.derivationCount == runs, "refused before any hash")
        }
    }

    @Test func twoSpellingsOfANameAreOneAccountAndOneCount() async throws {
        let fixture = try NotesFixture()
        let composed = try NotesServer.addUser(name: "Zoë", password: "a password for zoe", store: fixture.store,
                                               passwords: fixture.passwords)
        #expect(throws: AccountError.nameTaken("zoe\u{308}")) {
            try NotesServer.addUser(name: "zoe\u{308}", password: "another password", store: fixture.store,
                                    passwords: fixture.passwords)
        }
        #expect(throws: AccountError.nameTaken("ALICE")) {
            try NotesServer.addUser(name: "ALICE", password: "another password", store: fixture.store, passwords: fixture.passwords)
        }
        try await fixture.server().test(.inProcess) { browser in
            for spelling in ["ZOË", "Zoe\u{308}", "zoë"] {
                let page = try await browser.signIn(spelling, "a password for zoe")
                #expect(page.status == 200)
                #expect(try await browser.state(as: NotesNavigation.self).owner == composed.stateKey, "\(spelling)")
                browser.clearCookies()
            }
            for spelling in ["ZOË", "Zoe\u{308}", "zoë", "ZOE\u{308}", "zOë"] {
                try await browser.signIn(spelling, "wrong password")
            }
            #expect(try await browser.signIn("Zoë", "a password for zoe").status == 429, "one count for every spelling")
        }
    }

    @Test func everyFieldIsCheckedOnTheServerInCharactersAndBytes() async throws {
        let fixture = try NotesFixture()
        try await fixture.server().test(.inProcess) { browser in
            try await browser.signIn("alice", NotesFixture.alicePassword)
            let flood = "a" + String(repeating: "\u{301}", count: 200)
            for (title, text) in [(flood, ""), ("Fine", String(repeating: "x", count: 5_000)), ("tab\there", ""),
                                  ("Fine", "nul\u{0}"), ("two\nlines", ""), (String(repeating: "t", count: 101), "")] {
                try await browser.get("/notes/folder/Work?present=compose/Work")
                let page = try await browser.submit(form: "Save", fields: ["Title": title, "Text": text])
                #expect(page.status == 422, "\(title.prefix(8)) \(text.prefix(8))")
                #expect(page.presentation?.title == "New Note in Work")
            }
            #expect(try fixture.store.noteCount() == 4, "nothing was added")
            try await browser.get("/notes/folder/Work?present=compose/Work")
            let saved = try await browser.submit(form: "Save", fields: ["Title": "Zoë’s 🧑‍🍳 list", "Text": "eggs\r\n\tflour"])
            #expect(saved.status == 200 && saved.title == "Zoë’s 🧑‍🍳 list")
        }
    }

    @Test func behindAnHTTPSProxyTheSignInCookieIsSecureAndHostOnly() async throws {
        let fixture = try NotesFixture()
        let server = try fixture.server(trustedProxies: ["127.0.0.1", "::1"])
        try await server.test(.live, settings: .init(proxy: .https(host: "notes.example"))) { browser in
            let page = try await browser.signIn("alice", NotesFixture.alicePassword)
            let cookie = try #require(page.redirects.flatMap(\.setCookies).first { $0.hasPrefix("__Host-session=") })
            let attributes = cookie.split(separator: ";").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(attributes.contains("Secure") && attributes.contains("HttpOnly") && attributes.contains("Path=/"))
            #expect(!attributes.contains { $0.lowercased().hasPrefix("domain") })
            #expect(try await browser.get("/notes/folder/Work").status == 200, "the secure cookie signs in")
        }
    }

    @Test func theFilesThatHoldHashesAndTheSecretAreTheOwnersAlone() throws {
        let fixture = try NotesFixture()
        _ = try NotesServer.secret(in: fixture.directory)
        let files = FileManager.default
        func mode(_ name: String) throws -> Int {
            let path = (fixture.directory as NSString).appendingPathComponent(name)
            return try #require(files.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        }
        #expect(try mode("") & 0o777 == 0o700)
        #expect(try mode("notes.sqlite") & 0o777 == 0o600)
        #expect(try mode("secret") & 0o777 == 0o600)
        // A database made before, readable by all, is made the owner's alone when opened.
        let path = (fixture.directory as NSString).appendingPathComponent("notes.sqlite")
        try files.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        _ = try NoteStore(directory: fixture.directory)
        #expect(try mode("notes.sqlite") & 0o777 == 0o600)
    }
}
