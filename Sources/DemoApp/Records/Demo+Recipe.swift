extension Demo {
    /// A recipe of the WWDC sample (`/recipe/apple-pie`), complete with its lists.
    public struct Recipe: Sendable, Hashable, Codable {
        public var id: String
        public var name: String
        public var categoryId: String
        /// Preparation time in minutes.
        public var minutes: Int
        public var summary: String
        /// Ingredient names, in the order the recipe lists them.
        public var ingredients: [String]
        /// Ids of related recipes, in the order they are suggested. Only existing recipes.
        public var related: [String]

        public init(
            id: String, name: String, categoryId: String, minutes: Int, summary: String,
            ingredients: [String], related: [String]
        ) {
            self.id = id
            self.name = name
            self.categoryId = categoryId
            self.minutes = minutes
            self.summary = summary
            self.ingredients = ingredients
            self.related = related
        }
    }
}
