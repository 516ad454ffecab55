import Foundation
import Testing

/// Two windows of one browser on the demo, each named as the library's script names it (the
/// `nav-window` cookie beside the state cookie): each keeps its own stacks and onboarding draft;
/// a client that names no window (curl) is served the one last used.
@Suite struct BrowserWindowTests {
    /// GETs `path` as `window` of `user`'s browser: its cookie jar, and the window's name.
    @discardableResult
    func get(_ path: String, from window: String?, as user: UserAgent) throws -> UserAgent.Page {
        let jar = user.cookie
        user.cookie = ([jar] + [window.map { "nav-window=\($0)" }]).compactMap { $0 }.joined(separator: "; ")
        let page = try user.get(path)
        if user.cookie?.contains("nav-window=") == true { user.cookie = jar }
        return page
    }

    @Test func eachWindowKeepsItsOwnStacks() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            try get("/recipes/category/desserts/recipe/lemon-tart", from: "A", as: user)
            try get("/home", from: "A", as: user)
            // B, new, starts as A's copy, then opens Mains on Recipes.
            #expect(try get("/home", from: "B", as: user).tabHref("recipes") == "/recipes/category/desserts/recipe/lemon-tart")
            try get("/recipes/category/mains", from: "B", as: user)
            try get("/orders", from: "B", as: user)
            #expect(try get("/home", from: "A", as: user).tabHref("recipes") == "/recipes/category/desserts/recipe/lemon-tart")
            #expect(try get("/home", from: "B", as: user).tabHref("recipes") == "/recipes/category/mains")
            // curl names no window: the one last used, B.
            #expect(try get("/home", from: nil, as: user).tabHref("recipes") == "/recipes/category/mains")
        }
    }
}
