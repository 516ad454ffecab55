import Foundation
import Testing
import HTTPTestSupport

/// A context change (Switch Account, Sign Out) resets every stack, as the seeds reset the path
/// when the app context changes; tab arrangement and flags stay.
@Suite struct AccountTests {
    @Test func switchingAccountResetsEveryStack() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            try user.get("/home/orders/order/ORD-001")
            try user.get("/recipes/category/desserts/recipe/apple-pie")
            try user.get("/profile")
            let switched = try user.submit(["_action": "switchAccount", "user": "42"])
            #expect(switched.status == 303)
            #expect(switched.response.header("Location") == "/profile")
            let profile = try user.get("/profile")
            #expect(profile.title == "Jordan Rivers")
            #expect(profile.tabHref("home") == "/home")
            #expect(profile.tabHref("recipes") == "/recipes")
            let state = try user.get("/profile", accept: "application/json").response
            let json = try JSONSerialization.jsonObject(with: Data(state.body)) as? [String: Any]
            #expect(json?["context"] as? String == "42")
        }
    }

    /// Profile › Switch during onboarding: the other account's onboarding starts empty, not
    /// filled with the first one's name.
    @Test func switchingAccountStartsAFlowAnew() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            let profileStep = try user.get("/home?present=onboarding/profile")
            let next = try user.post(try #require(profileStep.formAction), [
                "_token": try #require(profileStep.formToken), "_action": "continue",
                "name": "Ana Draft", "email": "ana@example.org"])
            #expect(next.status == 303)
            #expect(try user.get("/home?present=onboarding/profile").inputValue("name") == "Ana Draft")
            try user.get("/profile")
            #expect(try user.submit(["_action": "switchAccount", "user": "42"]).status == 303)
            let anew = try user.get("/home?present=onboarding/profile")
            #expect(anew.inputValue("name") == "", "the other account's onboarding opens empty")
            let state = try user.get("/home", accept: "application/json").response
            let json = try JSONSerialization.jsonObject(with: Data(state.body)) as? [String: Any]
            #expect(json?["flow"] is NSNull)
        }
    }

    @Test func signingOutAndInAgain() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            try user.get("/home/settings")
            try user.get("/profile")
            try user.submit(["_action": "signOut"])
            let out = try user.get("/profile")
            #expect(out.title == "Signed Out")
            #expect(out.tabHref("home") == "/home")
            #expect(try user.get("/profile?present=edit-profile").status == 404, "no profile to edit")
            try user.get("/profile")
            try user.submit(["_action": "switchAccount", "user": "1"])
            #expect(try user.get("/profile").title == "Alex Appleseed")
            try user.get("/profile")
            #expect(try user.submit(["_action": "switchAccount", "user": "999"]).status == 422)
        }
    }

    /// Settings' Clear Navigation History: every tab's stack empties (the JSON state says so),
    /// `/` opens Home's root, the next page says it was done, and tabs and flags stay.
    @Test func clearingNavigationHistory() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            try user.skipOnboarding()
            try user.get("/orders/order/ORD-002")
            try user.get("/recipes/category/desserts/recipe/apple-pie")
            try user.get("/home/settings")
            try user.submit(["_action": "setBeta", "on": "1"])
            let settings = try user.get("/home/settings")
            #expect(settings.html.contains("Clear Navigation History"))
            let cleared = try user.submit(["_action": "clearHistory"])
            #expect(cleared.status == 303)
            #expect(cleared.response.header("Location") == "/home")
            let home = try user.get("/home")
            #expect(home.notice?.contains("Navigation history cleared") == true)
            #expect(try user.get("/home").notice == nil, "said once")
            let json = try JSONSerialization.jsonObject(
                with: Data(try user.get("/home", accept: "application/json").response.body)) as? [String: Any]
            let tabs = try #require(json?["tabs"] as? [String: [String: Any]])
            for (tab, value) in tabs { #expect((value["path"] as? [Any])?.isEmpty == true, "\(tab)") }
            #expect((json?["features"] as? [String])?.contains("beta") == true, "the Beta flag stays")
            let root = try user.get("/")
            #expect(root.status == 303 && root.response.header("Location") == "/home")
        }
    }
}
