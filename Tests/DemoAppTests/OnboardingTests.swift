import Foundation
import Testing
import HTTPTestSupport

/// The seeds' onboarding coordinator as a full-screen cover on the first visit: forwards with
/// validation, backwards with the collected data kept, skipped, and reopened from Settings.
@Suite struct OnboardingTests {
    /// Submits the onboarding form on the current page with the button named `action`.
    @discardableResult
    func press(_ action: String, _ fields: [String: String] = [:], as user: UserAgent) throws -> UserAgent.Page {
        let page = try #require(user.page)
        let result = try user.post(try #require(page.formAction),
                                   fields.merging(["_token": try #require(page.formToken), "_action": action]) { $1 })
        if result.status == 303, let location = result.response.header("Location") { return try user.get(location) }
        return result
    }

    func step(_ page: UserAgent.Page) -> String? {
        page.html.firstMatch(of: #/Step (\d) of 4/#).map { String($0.output.1) }
    }

    @Test func forwardsWithValidationThenTheThemeApplies() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            let first = try user.get("/")
            #expect(first.response.header("Location") == "/home?present=onboarding/welcome")
            let welcome = try user.get("/home?present=onboarding/welcome")
            #expect(welcome.presentation?.style == "fullScreenCover")
            #expect(step(welcome) == "1")
            #expect(welcome.html.contains(#"<progress max="4" value="1""#))

            let profile = try press("continue", as: user)
            #expect(profile.path == "/home?present=onboarding/profile")
            let rejected = try press("continue", ["name": "Sam Lee", "email": "not-an-email"], as: user)
            #expect(rejected.status == 422)
            #expect(rejected.html.contains("Enter an email address"))
            #expect(rejected.inputValue("name") == "Sam Lee")
            #expect(rejected.inputValue("email") == "not-an-email")

            let preferences = try press("continue", ["name": "Sam Lee", "email": "sam@example.com"], as: user)
            #expect(step(preferences) == "3")
            let complete = try press("continue", ["theme": "dark"], as: user)
            #expect(step(complete) == "4")
            #expect(complete.html.contains("<dd>sam@example.com</dd>"))
            #expect(complete.html.contains("<dt>Notifications</dt><dd>Off</dd>"))
            // The coordinator's draft is the demo's own type, in its Codable form.
            let during = try user.get(complete.path, accept: "application/json").response
            let draft = (try JSONSerialization.jsonObject(with: Data(during.body)) as? [String: Any])?["flow"] as? [String: Any]
            #expect(draft?["name"] as? String == "Sam Lee" && draft?["email"] as? String == "sam@example.com")
            #expect(draft?["notifications"] as? Bool == false && draft?["theme"] as? String == "dark")
            try user.get(complete.path)

            let done = try press("continue", as: user)
            #expect(done.path == "/home")
            #expect(done.presentation == nil)
            #expect(done.html.contains(#"data-color-scheme="dark""#))
            #expect(try user.get("/").response.header("Location") == "/home", "onboarding shows once")
            #expect(try user.get("/profile").title == "Sam Lee", "the profile step saved the name")
            let state = try user.get("/home", accept: "application/json").response
            let json = try JSONSerialization.jsonObject(with: Data(state.body)) as? [String: Any]
            #expect(json?["flow"] is NSNull, "the draft is cleared")
        }
    }

    @Test func backKeepsWhatWasEnteredAndSkipEndsTheFlow() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            try user.get("/home?present=onboarding/profile")
            try press("continue", ["name": "Ana", "email": "ana@example.org"], as: user)
            let back = try user.follow("Back")
            #expect(back.path == "/home?present=onboarding/profile")
            #expect(back.inputValue("name") == "Ana")
            #expect(back.inputValue("email") == "ana@example.org")

            let skipped = try press("skip", as: user)
            #expect(skipped.path == "/home")
            #expect(skipped.html.contains(#"data-color-scheme="system""#))
            #expect(try user.get("/").response.header("Location") == "/home")
            #expect(try user.get("/profile").title == "Alex Appleseed", "skipping applies nothing")
        }
    }

    /// The seed's words, step by step: Get Started or Skip Setup on the welcome, Back and
    /// Continue, Back and Finish, then "You're All Set!" with Let's Go.
    @Test func eachStepSaysWhatTheSeedSays() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            let expected: [(String, String, [String], [String])] = [
                ("welcome", "Welcome!", [">Get Started</button>", ">Skip Setup</button>", "set up in just a few steps"], ["Back</a>"]),
                ("profile", "Your Profile", [">Continue</button>", ">Back</a>"], ["Skip Setup"]),
                ("preferences", "Preferences", [">Finish</button>", ">Back</a>"], ["Skip Setup"]),
                ("complete", "You&#39;re All Set!", [">Let&#39;s Go</button>", "Your account is ready to use."], ["Skip Setup"]),
            ]
            for (step, title, present, absent) in expected {
                let page = try user.get("/home?present=onboarding/\(step)")
                #expect(page.html.contains(#"<h2 id="presentation-title">\#(title)</h2>"#), "\(step)")
                for text in present { #expect(page.html.contains(text), "\(step): \(text)") }
                for text in absent { #expect(!page.html.contains(text), "\(step): \(text)") }
            }
        }
    }

    @Test func reopenedFromSettings() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            try user.skipOnboarding()
            try user.get("/home/settings")
            let again = try user.follow("Show Onboarding Again")
            #expect(again.path == "/home/settings?present=onboarding/welcome")
            #expect(again.presentation?.style == "fullScreenCover")
        }
    }

    @Test func recipeOfTheDayPopsTheRecipesTabToRootAndPushes() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            try user.get("/recipes/category/mains/recipe/lasagna/recipe/tiramisu")
            let home = try user.get("/home")
            let href = try #require(home.href("Recipe of the Day"))
            #expect(href.hasPrefix("/recipes/recipe/"))
            #expect(href.split(separator: "/").count == 3, "one recipe on an emptied stack: \(href)")
        }
    }
}
