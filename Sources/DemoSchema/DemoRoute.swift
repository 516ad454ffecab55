import Navigation

/// Every screen that can be pushed in the demo, as in the seeds' `Route` enum. Swift's
/// synthesized `Codable` gives the JSON state form, e.g. `{"orderDetail":{"orderId":"ORD-001"}}`.
public enum DemoRoute: Route {
    case userDetail(userId: Int)
    case settings
    case orderHistory
    case orderDetail(orderId: String)
    case category(categoryId: String)
    case recipe(recipeId: String)
    /// `TabViewCustomization`'s editor: reorder and hide tabs.
    case customizeTabs

    public var pathSegments: [String] {
        switch self {
        case .userDetail(let userId): ["user", String(userId)]
        case .settings: ["settings"]
        case .orderHistory: ["orders"]
        case .orderDetail(let orderId): ["order", orderId]
        case .category(let categoryId): ["category", categoryId]
        case .recipe(let recipeId): ["recipe", recipeId]
        case .customizeTabs: ["customize-tabs"]
        }
    }

    public static func parse(_ path: inout PathReader) -> DemoRoute? {
        switch path.next() {
        case "user": path.next().flatMap { Int($0) }.map { .userDetail(userId: $0) }
        case "settings": .settings
        case "orders": .orderHistory
        case "order": path.next().map { .orderDetail(orderId: $0) }
        case "category": path.next().map { .category(categoryId: $0) }
        case "recipe": path.next().map { .recipe(recipeId: $0) }
        case "customize-tabs": .customizeTabs
        default: nil
        }
    }
}

/// The demo's tabs, each with its own stack. In a wide window's sidebar Recipes and Orders sit
/// under "Browse" and Beta under "Labs"; Beta shows only while its feature flag is on.
public enum DemoTab: String, Tab {
    case home, recipes, orders
    /// Recipes kept for later: hidden until the user shows it in Customize Tabs
    /// (`.defaultVisibility(.hidden, for: .tabBar)`), as seed 001's optional tab.
    case saved
    case profile
    /// `Tab(role: .search)`; not named "search", which is the seeds' deep link to the search sheet.
    case find
    case beta

    public var title: String {
        switch self {
        case .home: "Home"
        case .recipes: "Recipes"
        case .orders: "Orders"
        case .saved: "Saved"
        case .profile: "Profile"
        case .find: "Search"
        case .beta: "Beta"
        }
    }

    /// SF Symbols' names; the stylesheet draws each from Public/icons/ (Bootstrap Icons, as SF
    /// Symbols cannot ship outside Apple's platforms). Bootstrap Icons has no flask, the
    /// seeds' icon for beta features, so Beta shows "sparkles".
    public var systemImage: String? {
        switch self {
        case .home: "house"
        case .recipes: "book"
        case .orders: "bag"
        case .saved: "bookmark"
        case .profile: "person"
        case .find: "magnifyingglass"
        case .beta: "sparkles"
        }
    }

    public var section: String? {
        switch self {
        case .recipes, .orders, .saved: "Browse"
        case .beta: "Labs"
        default: nil
        }
    }

    public var role: TabRole? { self == .find ? .search : nil }

    public var canBeHidden: Bool { self != .home && self != .profile }

    public var isHiddenByDefault: Bool { self == .saved }

    /// A phone's tab bar opens Orders on its list, as Mail opens on its mailboxes; Recipes
    /// returns to the recipe it was left on.
    public var preferredCompactColumn: SplitViewColumn { self == .orders ? .sidebar : .detail }
}

/// What the demo presents over a screen: one optional destination, each with its style, as the
/// seeds present them.
public enum DemoDestination: Destination {
    /// `/search`: search as a sheet over the root.
    case search
    /// The seeds' `OrderSheet`: `sheet(item:)` driven by the order, at the medium detent.
    case order(orderId: String)
    /// The seeds' `EditItemSheet`: a form that owns its Cancel and Save; presented over the
    /// order sheet from there, its Save returns to that sheet.
    case editOrder(orderId: String)
    /// "Discard changes?": a confirmation dialog over the edit sheet, when its Cancel finds edits.
    case discardChanges(orderId: String)
    /// An order's receipt, pushed on the stack by TCA's tree-based `navigationDestination(item:)`:
    /// a destination of the state, not a route, whose Back dismisses it.
    case receipt(orderId: String)
    /// The seeds' `AddItemView` (`sheet(isPresented:)`): a form that creates an order.
    case newOrder
    /// Deleting an order goes through a confirmation dialog.
    case deleteOrder(orderId: String)
    /// Seed 000's "Options": a confirmation dialog with several actions (Edit, Delete, Cancel).
    case orderOptions(orderId: String)
    /// `sheet(isPresented:)`: Edit Profile.
    case editProfile
    /// A full-screen cover with the profile photo.
    case photo
    /// A popover of profile options.
    case options
    /// An alert with a message.
    case about
    /// "Plan a Dinner": a form with a field of every kind (email, phone, web address, a number of
    /// guests, a date, a picker, several lines, a toggle), from the Recipes tab.
    case planDinner
    /// The onboarding coordinator's steps, as a full-screen cover.
    case onboarding(OnboardingStep)

    public var style: PresentationStyle {
        switch self {
        case .search, .order, .editOrder, .newOrder, .editProfile, .planDinner: .sheet
        case .deleteOrder, .orderOptions, .discardChanges: .confirmationDialog
        case .photo, .onboarding: .fullScreenCover
        case .options: .popover
        case .about: .alert
        case .receipt: .navigationDestination
        }
    }

    public var detents: [PresentationDetent] {
        switch self {
        case .order: [.medium, .large]
        default: [.large]
        }
    }

    public var pathSegments: [String] {
        switch self {
        case .search: ["search"]
        case .order(let orderId): ["order", orderId]
        case .editOrder(let orderId): ["edit-order", orderId]
        case .discardChanges(let orderId): ["discard-changes", orderId]
        case .receipt(let orderId): ["receipt", orderId]
        case .newOrder: ["new-order"]
        case .deleteOrder(let orderId): ["delete-order", orderId]
        case .orderOptions(let orderId): ["order-options", orderId]
        case .editProfile: ["edit-profile"]
        case .photo: ["photo"]
        case .options: ["options"]
        case .about: ["about"]
        case .planDinner: ["plan-dinner"]
        case .onboarding(let step): ["onboarding", step.rawValue]
        }
    }

    public static func parse(_ path: inout PathReader) -> DemoDestination? {
        switch path.next() {
        case "search": .search
        case "order": path.next().map { .order(orderId: $0) }
        case "edit-order": path.next().map { .editOrder(orderId: $0) }
        case "discard-changes": path.next().map { .discardChanges(orderId: $0) }
        case "receipt": path.next().map { .receipt(orderId: $0) }
        case "new-order": .newOrder
        case "delete-order": path.next().map { .deleteOrder(orderId: $0) }
        case "order-options": path.next().map { .orderOptions(orderId: $0) }
        case "edit-profile": .editProfile
        case "photo": .photo
        case "options": .options
        case "about": .about
        case "plan-dinner": .planDinner
        case "onboarding": path.next().flatMap(OnboardingStep.init(rawValue:)).map { .onboarding($0) }
        default: nil
        }
    }
}
