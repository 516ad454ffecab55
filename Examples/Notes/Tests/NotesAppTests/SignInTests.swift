import NavigationTesting
import NotesApp
import Testing

/// Signing in as a visitor does, through the library's test kit, over loopback and in process.
@Suite struct SignInTests {
    @Test(arguments: [TestTransport.live, .inProcess])
    func aSignedOutVisitorIsAskedToSignInAndThenSeesTheNoteAskedFor(transport: TestTransport) async throws {
        let fixture = try NotesFixture()
        try await fixture.server().test(transport) { browser in
            let root = try await browser.get("/notes")
            #expect(root.status == 200)
            #expect(root.visibleText.contains("Sign in to see your notes"))
            #expect(!root.links.contains { $0.text == "Account" }, "the Account tab is hidden until signed in")
            #expect(root.links.contains { $0.text == "Recent" })

            for (path, asked) in [("/notes/folder/Work", "%2Fnotes%2Ffolder%2FWork"), ("/account", "%2Faccount"),
                                  ("/recent", "%2Frecent"), ("/notes/folder/Work?present=compose/Work", "%2Fnotes%2Ffolder%2FWork%3Fpresent%3Dcompose%2FWork")] {
                let page = try await browser.get(path)
                #expect(page.redirects.map(\.status) == [303], "\(path)")
                #expect(page.redirects.first?.location == "/notes?present=signIn&return=\(asked)", "\(path)")
                #expect(page.presentation?.title == "Sign In", "\(path)")
            }

            let note = "/notes/folder/Work/note/\(try #require(fixture.store.notes(in: "Work", of: fixture.alice).first).id)"
            let signIn = try await browser.get(note)
            #expect(signIn.presentation?.title == "Sign In")
            let fields = try #require(signIn.forms.first)
            #expect(signIn.text.contains(#"autocomplete="username""#))
            #expect(signIn.text.contains(#"type="password" name="password" value="" maxlength="1024" inputmode="text" autocomplete="current-password""#))
            #expect(fields.value(of: "_token")?.isEmpty == false)

            let signedIn = try await browser.submit(form: "Sign In", fields: ["Name": "alice", "Password": NotesFixture.alicePassword])
            #expect(signedIn.redirects.map(\.location) == [note], "back to exactly the note asked for")
            #expect(signedIn.status == 200 && signedIn.title == "Welcome to Work")
            #expect(signedIn.links.contains { $0.text == "Account" })
            #expect(browser.cookies["session"]?.isEmpty == false)
            let account = try await browser.follow(link: "Account")
            #expect(account.visibleText.contains("alice"))
        }
    }

    @Test(arguments: [TestTransport.live, .inProcess])
    func theSignInCookieIsHttpOnlyLaxAndLastsFourteenDays(transport: TestTransport) async throws {
        let fixture = try NotesFixture()
        try await fixture.server().test(transport) { browser in
            try await browser.get("/notes?present=signIn")
            let answer = try await browser.submit(form: "Sign In", fields: ["Name": "ALICE", "Password": NotesFixture.alicePassword])
            #expect(answer.redirects.map(\.location) == ["/notes"], "no return asked for: the Notes tab")
            #expect(answer.visibleText.contains("Folders"))
            let cookie = try #require(answer.redirects.first?.setCookies.first { $0.hasPrefix("session=") })
            #expect(cookie.hasSuffix("; Path=/; Max-Age=1209600; HttpOnly; SameSite=Lax"), "\(cookie)")
        }
    }

    @Test func behindAnHTTPSProxyTheCookieIsSecureAndHostPrefixed() async throws {
        let fixture = try NotesFixture()
        let proxy = ForwardingProxy(scheme: "https", host: "notes.example")
        try await fixture.server(trustedProxies: ["127.0.0.1", "::1"]).test(.live, settings: .init(proxy: proxy)) { browser in
            try await browser.get("/notes?present=signIn")
            let signedIn = try await browser.submit(form: "Sign In", fields: ["Name": "alice", "Password": NotesFixture.alicePassword])
            #expect(signedIn.status == 200)
            #expect(browser.cookies["__Host-session"] != nil && browser.cookies["session"] == nil)
            #expect(signedIn.visibleText.contains("Work"))
        }
    }

    @Test(arguments: [TestTransport.live, .inProcess])
    func aWrongOrEmptyPasswordIsRefusedAndNothingIsDrawnBack(transport: TestTransport) async throws {
        let fixture = try NotesFixture()
        try await fixture.server().test(transport) { browser in
            try await browser.get("/notes?present=signIn")
            let wrong = try await browser.submit(form: "Sign In", fields: ["Name": "alice", "Password": "not the password"])
            #expect(wrong.status == 422)
            #expect(wrong.alerts.contains("The name or password is not right."))
            #expect(wrong.forms.first?.value(of: "Name") == "alice")
            #expect(wrong.forms.first?.value(of: "Password") == "", "a password is never drawn back into the page")
            #expect(!wrong.text.contains("not the password"))
            #expect(browser.cookies["session"] == nil)

            let empty = try await browser.submit(form: "Sign In", fields: ["Name": "alice", "Password": ""])
            #expect(empty.status == 422 && empty.alerts.contains("Enter a password."))
        }
    }

    @Test(arguments: [TestTransport.live, .inProcess])
    func aSignInPostedFromAnotherSiteIsRefused(transport: TestTransport) async throws {
        let fixture = try NotesFixture()
        try await fixture.server().test(transport) { browser in
            let page = try await browser.get("/notes?present=signIn")
            let token = try #require(page.forms.first?.value(of: "_token"))
            let fields = ["_token": token, "_action": "signIn", "name": "alice", "password": NotesFixture.alicePassword]
            for headers in [["Origin": "https://evil.example"], ["Sec-Fetch-Site": "cross-site"]] {
                let refused = try await browser.post("/notes?present=signIn", fields: fields, headers: headers)
                #expect(refused.status == 403, "login CSRF: \(headers)")
            }
            #expect(browser.cookies["session"] == nil)
            #expect(try await browser.post("/notes?present=signIn", fields: fields.filter { $0.key != "_token" }).status == 403)
        }
    }

    /// Where a sign-in may send the browser: only a path of this site; anything else is ignored
    /// and the Notes tab opens.
    @Test(arguments: [
        "//evil.example", "https://evil.example/", "/\\evil.example", "%2F%2Fevil.example", "/%2F%2Fevil.example",
        "/%5Cevil.example", "/%09/evil.example", "javascript:alert(1)", "http:evil.example",
    ])
    func aReturnTargetOffThisSiteIsNeverFollowed(target: String) async throws {
        let fixture = try NotesFixture()
        try await fixture.server().test(.inProcess) { browser in
            let encoded = target.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let url = "/notes?present=signIn&return=\(encoded)"
            try await browser.get(url)
            let answer = try await browser.submit(form: "Sign In", fields: ["Name": "alice", "Password": NotesFixture.alicePassword])
            #expect(answer.redirects.map(\.location) == ["/notes"], "\(target)")
        }
    }
}

import Foundation
