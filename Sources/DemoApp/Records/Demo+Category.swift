extension Demo {
    /// A recipe category (`/category/desserts`).
    public struct Category: Sendable, Hashable, Codable {
        public var id: String
        public var name: String

        public init(id: String, name: String) {
            self.id = id
            self.name = name
        }
    }
}
