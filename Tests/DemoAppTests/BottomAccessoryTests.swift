import Foundation
import Testing

/// `tabViewBottomAccessory(isEnabled:)`: a recipe's Start Cooking puts "Now Cooking" on every
/// tab, kept in the cookie's scene storage; its link leads back to the recipe, its Stop Cooking
/// removes it from whichever screen it is pressed on.
@Suite struct BottomAccessoryTests {
    static let recipe = "/recipes/category/desserts/recipe/lemon-tart"

    @Test func startCookingKeepsNowCookingOnEveryTabUntilStopped() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            let before = try user.get(Self.recipe)
            #expect(!before.html.contains("bottom-accessory"), "nothing cooks yet, and no space is kept")
            #expect(before.html.contains(#"<button type="submit" form="screen-actions" name="_action" value="startCooking" class="toolbar-item">Start Cooking</button>"#))
            let started = try user.post(Self.recipe, ["_token": try #require(before.formToken), "_action": "startCooking"])
            #expect(started.status == 303)
            for path in ["/home", "/orders", "/profile", "/find?q=pie", "/home?present=search"] {
                let page = try user.get(path)
                #expect(page.html.contains(#"<aside class="bottom-accessory" aria-label="Now Cooking">"#), "\(path)")
                #expect(page.html.contains(#"<strong>Now Cooking</strong><span class="accessory-subtitle">Lemon Tart</span>"#), "\(path)")
                #expect(page.html.contains(#"<a class="accessory-title" href="\#(Self.recipe)">"#), "\(path)")
                #expect(page.html.contains(#"<form id="screen-actions" method="post" action=""#), "\(path)")
            }
            let state = try JSONSerialization.jsonObject(with: Data(try user.get("/home", accept: "application/json").html.utf8)) as? [String: Any]
            #expect(state?["sceneStorage"] as? [String: String] == ["nowCooking": "lemon-tart"])
            let recipe = try user.get(Self.recipe)
            #expect(!recipe.html.contains(#"value="startCooking""#), "the recipe cooking offers no second start")
            let orders = try user.get("/orders")
            let stopped = try user.post("/orders", ["_token": try #require(orders.formToken), "_action": "stopCooking"])
            #expect(stopped.status == 303)
            #expect(!(try user.get("/orders").html.contains("bottom-accessory")))
        }
    }

    @Test func onlyARecipeStartsAndAForeignPostChangesNothing() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            // One token per cookie, whichever page shows it: Home has no form of its own.
            let token = try #require(try user.get(Self.recipe).formToken)
            #expect(try user.post("/home", ["_token": token, "_action": "startCooking"]).status == 400)
            let forged = try user.post(Self.recipe, ["_token": token, "_action": "startCooking"],
                                       headers: ["Origin": "https://elsewhere.example"])
            #expect(forged.status == 403)
            #expect(!(try user.get("/home").html.contains("bottom-accessory")))
        }
    }
}
