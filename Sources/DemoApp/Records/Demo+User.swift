extension Demo {
    /// A customer of the seeds' shop (`/user/42`).
    public struct User: Sendable, Hashable, Codable {
        public var id: Int
        public var name: String
        /// The year the user joined, e.g. `2021`.
        public var memberSince: Int

        public init(id: Int, name: String, memberSince: Int) {
            self.id = id
            self.name = name
            self.memberSince = memberSince
        }
    }
}
