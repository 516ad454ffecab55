extension NavigationState {
    /// The state's fields, shared by its copies until one of them changes (see `unique()`).
    /// `@unchecked Sendable`: a storage is changed only while one state holds it, so a storage
    /// another thread can see is never written. For the same reason its fields go without the
    /// run-time exclusivity checks a class's fields get (`@exclusivity(unchecked)`): no two
    /// accesses to one storage can overlap where one of them writes.
    final class Storage: @unchecked Sendable {
        /// One struct rather than a field each: a generic class is destroyed by unspecialized
        /// code, which looks up the type of each field it destroys; this way there is one.
        @exclusivity(unchecked) var fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    struct Fields {
        var selectedTab: Schema.Tab
        var presentations: [Presentation<Schema>]
        var customization = TabCustomization<Schema.Tab>.appDefault
        var features: Set<String> = []
        var context: String?
        var flow: Schema.Draft?
        var owner: String?
        var sceneStorage: [String: String] = [:]
        var tabs: [TabState<Schema.Route>] = []
    }
}
