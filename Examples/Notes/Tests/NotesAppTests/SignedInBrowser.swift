import NavigationTesting
import NotesApp

extension TestBrowser {
    /// Signs in through the sign-in sheet, as a person does.
    @discardableResult
    func signIn(_ name: String, _ password: String) async throws -> BrowserPage {
        try await get("/notes?present=signIn")
        return try await submit(form: "Sign In", fields: ["Name": name, "Password": password])
    }

    /// Adds a note to `folder` through its sheet, as a person does: the page the form leads to.
    @discardableResult
    func addNote(_ title: String, in folder: String) async throws -> BrowserPage {
        try await get("/notes/folder/\(folder)?present=compose/\(folder)")
        return try await submit(form: "Save", fields: ["Title": title])
    }

    /// The status of the update stream `url` names (another page's, say) when this browser asks
    /// for it with its cookies: 204 for a token that opens nothing for it.
    func statusOfUpdates(at url: String) async throws -> Int {
        try await request("GET", url, headers: ["Accept": "text/event-stream"]).status
    }

    /// Another browser on the same server, signed in as `name`: another session of that
    /// account, or another account.
    func anotherBrowser(signedInAs name: String, _ password: String) async throws -> TestBrowser {
        let browser = anotherBrowser()
        try await browser.signIn(name, password)
        return browser
    }
}
