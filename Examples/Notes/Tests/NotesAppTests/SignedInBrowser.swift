import NavigationTesting
import NotesApp

extension TestBrowser {
    /// Signs in through the sign-in sheet, as a person does.
    @discardableResult
    func signIn(_ name: String, _ password: String) async throws -> BrowserPage {
        try await get("/notes?present=signIn")
        return try await submit(form: "Sign In", fields: ["Name": name, "Password": password])
    }
}
