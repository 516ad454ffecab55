extension NavigationState {
    /// The state's fields, shared by its copies until one of them changes (see `unique()`).
    /// `@unchecked Sendable`: a storage is changed only while one state holds it, so a storage
    /// another thread can see is never written. For the same reason its fields go without the
    /// run-time exclusivity checks a class's fields get (`@exclusivity(unchecked)`): no two
    /// accesses to one storage can overlap where one of them writes.
    final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var selectedTab: Schema.Tab
        @exclusivity(unchecked) var presentations: [Presentation<Schema>]
        @exclusivity(unchecked) var customization = TabCustomization<Schema.Tab>.appDefault
        @exclusivity(unchecked) var features: Set<String> = []
        @exclusivity(unchecked) var context: String?
        @exclusivity(unchecked) var flow: Schema.Draft?
        @exclusivity(unchecked) var owner: String?
        @exclusivity(unchecked) var sceneStorage: [String: String] = [:]
        @exclusivity(unchecked) var tabs: [TabState<Schema.Route>] = []

        init(selectedTab: Schema.Tab, presentations: [Presentation<Schema>]) {
            self.selectedTab = selectedTab
            self.presentations = presentations
        }

        init(copying other: Storage) {
            selectedTab = other.selectedTab
            presentations = other.presentations
            customization = other.customization
            features = other.features
            context = other.context
            flow = other.flow
            owner = other.owner
            sceneStorage = other.sceneStorage
            tabs = other.tabs
        }
    }
}
