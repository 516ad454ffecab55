import Navigation
import NavigationHTML

extension DemoApp {
    /// The scene storage key of the recipe being cooked: it outlives the page, the tab and a
    /// browser's restart, as a mini player's track does.
    static let nowCookingKey = "nowCooking"

    /// "Now Cooking" above the tab bar on every tab, once a recipe's Start Cooking was pressed
    /// (`tabViewBottomAccessory(isEnabled:)`): it leads back to the recipe, and its button stops.
    /// A recipe that no longer exists shows none.
    public func bottomAccessory(context: ScreenContext<DemoNavigation>) async throws -> BottomAccessory? {
        guard let id = context.state.sceneStorage[Self.nowCookingKey],
              let recipe = try await store.recipe(id: id)
        else { return nil }
        return BottomAccessory(
            "Now Cooking", subtitle: recipe.name, systemImage: "flame",
            href: context.href(opening: Location(tab: .recipes, path: [
                .category(categoryId: recipe.categoryId), .recipe(recipeId: recipe.id)])),
            items: [ToolbarItem("Stop Cooking", systemImage: "xmark", posting: "stopCooking")])
    }

    /// A recipe's Start Cooking, in its bottom bar while another recipe (or none) is cooking.
    func cookingToolbar(for recipe: Demo.Recipe, context: ScreenContext<DemoNavigation>) -> [ToolbarItem] {
        guard context.state.sceneStorage[Self.nowCookingKey] != recipe.id else { return [] }
        return [ToolbarItem("Start Cooking", placement: .bottomBar, posting: "startCooking")]
    }

    /// Start Cooking on a recipe, and the accessory's Stop Cooking on any screen.
    func submitCooking(
        _ submission: Submission, context: ScreenContext<DemoNavigation>
    ) async throws -> SubmissionOutcome<DemoNavigation>? {
        switch (submission.action, context.state.presentation == nil ? context.state.path.last : nil) {
        case ("stopCooking", _):
            return .navigate([.setSceneStorage(Self.nowCookingKey, nil)])
        case ("startCooking", .recipe(let id)?):
            return .navigate([.setSceneStorage(Self.nowCookingKey, try await recipe(id).id)])
        default:
            return nil
        }
    }
}
