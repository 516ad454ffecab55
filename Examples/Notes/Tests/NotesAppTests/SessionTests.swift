import NavigationTesting
import NotesApp
import Testing

/// Signing out, or a new password, ends the sign-in everywhere: copies of the cookies taken
/// before open nothing after.
@Suite struct SessionTests {
    @Test(arguments: [TestTransport.live, .inProcess])
    func signingOutClearsTheStateAndCopiedCookiesOpenNothing(transport: TestTransport) async throws {
        let fixture = try NotesFixture()
        try await fixture.server().test(transport) { browser in
            try await browser.signIn("alice", NotesFixture.alicePassword)
            let work = "/notes/folder/Work"
            #expect(try await browser.get(work).status == 200)
            let copied = browser.cookies
            let account = try await browser.follow(link: "Account")
            let signedOut = try await browser.submit(form: "Sign Out")
            #expect(account.status == 200 && signedOut.redirects.map(\.status) == [303])
            #expect(browser.cookies["session"] == nil)
            #expect(signedOut.visibleText.contains("Sign in to see your notes"))
            #expect(!signedOut.links.contains { $0.text == "Account" })
            let state = try await browser.state(as: NotesNavigation.self)
            #expect(state[.notes].path.isEmpty && state.owner == nil, "the navigation state is cleared")

            for (name, value) in copied { browser.setCookie(name, to: value) }
            let replayed = try await browser.get(work)
            #expect(replayed.redirects.first?.location == "/notes?present=signIn&return=%2Fnotes%2Ffolder%2FWork")
            #expect(replayed.presentation?.title == "Sign In")
            #expect(try await browser.state(as: NotesNavigation.self)[.notes].path.isEmpty, "the copied stack is not restored")
        }
    }

    @Test func aNewPasswordEndsEverySignIn() async throws {
        let fixture = try NotesFixture()
        try await fixture.server().test(.inProcess) { browser in
            try await browser.signIn("alice", NotesFixture.alicePassword)
            #expect(try await browser.get("/notes/folder/Home").status == 200)
            try NotesServer.setPassword(name: "alice", password: "a brand new password", store: fixture.store,
                                        passwords: fixture.passwords)
            #expect(try await browser.get("/notes/folder/Home").presentation?.title == "Sign In")
            #expect(try await browser.signIn("alice", NotesFixture.alicePassword).status == 422)
            #expect(try await browser.signIn("alice", "a brand new password").status == 200)
        }
    }

    @Test func aForgedOrExpiredSignInCookieIsNobody() async throws {
        let fixture = try NotesFixture()
        try await fixture.server().test(.inProcess) { browser in
            try await browser.signIn("alice", NotesFixture.alicePassword)
            let genuine = try #require(browser.cookies["session"])
            let parts = genuine.split(separator: ".")
            let forged = Data("2\n1\n4102444800".utf8).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "") + "." + parts[1]
            for value in [forged, "", "x", genuine + "x", String(genuine.dropFirst())] {
                browser.setCookie("session", to: value)
                #expect(try await browser.get("/notes/folder/Home").presentation?.title == "Sign In", "\(value)")
            }
        }
    }
}

import Foundation
