#if PostgreSQL
import PostgresNIO

extension PostgresStatements {
    /// A recipe's columns, its lists as arrays in their order, from `"recipe" r`.
    static let recipeColumns = #"""
        r."id", r."name", r."categoryId", r."minutes", r."summary",
            ARRAY(SELECT i."name" FROM "recipeIngredient" i WHERE i."recipeId" = r."id" ORDER BY i."position"),
            ARRAY(SELECT l."relatedId" FROM "recipeRelation" l WHERE l."recipeId" = r."id" ORDER BY l."position")
        """#

    /// Recipes with their lists in one statement.
    static let recipeSQL = "SELECT \(recipeColumns) FROM \"recipe\" r"

    /// A statement of `recipeSQL`'s columns.
    protocol RecipeRows: OneArgument where Row == Demo.Recipe {}

    struct RecipesInCategory: RecipeRows {
        static let sql = recipeSQL + #" WHERE r."categoryId" = $1 ORDER BY r."position""#
        let argument: String
    }

    /// A recipe, then the related recipes its screen lists (as `RecipesByIDs` of its `related`
    /// would answer them): one statement where the screen made two.
    struct RecipeWithRelated: OneArgument {
        static let sql = """
            SELECT 0, 0::bigint, \(recipeColumns) FROM "recipe" r WHERE r."id" = $1
            UNION ALL SELECT 1, l."position", \(recipeColumns)
                FROM "recipeRelation" l JOIN "recipe" r ON r."id" = l."relatedId" WHERE l."recipeId" = $1
            ORDER BY 1, 2
            """
        let argument: String

        /// Whether the row is a related recipe (else the recipe asked for), and the recipe.
        func decodeRow(_ row: PostgresRow) throws -> (isRelated: Bool, recipe: Demo.Recipe) {
            let (kind, _, id, name, categoryId, minutes, summary, ingredients, related) = try row.decode(
                (Int32, Int, String, String, String, Int, String, [String], [String]).self)
            return (kind != 0, Demo.Recipe(id: id, name: name, categoryId: categoryId, minutes: minutes,
                                           summary: summary, ingredients: ingredients, related: related))
        }
    }

    /// The recipes of these ids in the order asked, repeats answered again, unknown ids left out.
    struct RecipesByIDs: RecipeRows {
        static let sql = recipeSQL + #" JOIN unnest($1::text[]) WITH ORDINALITY j(id, n) ON r."id" = j.id ORDER BY j.n"#
        let argument: [String]
    }

    struct RecipeCounts: NoArguments {
        static let sql = #"SELECT "categoryId", count(*)::bigint FROM "recipe" GROUP BY "categoryId""#
        func decodeRow(_ row: PostgresRow) throws -> (String, Int) { try row.decode((String, Int).self) }
    }

    /// Every recipe's id in list order: the categories' order, then each category's own.
    struct RecipeIDs: NoArguments {
        static let sql = #"""
            SELECT r."id" FROM "recipe" r JOIN "category" c ON c."id" = r."categoryId" ORDER BY c."position", r."position"
            """#
        func decodeRow(_ row: PostgresRow) throws -> String { try row.decode(String.self) }
    }

    /// The items a request's screens name, whatever their number: each list is an array
    /// argument, whose ordinality names the id by position; an id that names nothing has no
    /// row. Users, orders and categories come whole: the page's own screen then reads its item
    /// from them instead of with a statement of its own (see `PostgresDemoStore.names`). Recipes
    /// come by name only: a whole one would read its lists, whose tables no other screen's
    /// statements then need (a lock on them holds up recipe pages only).
    ///
    /// Columns: kind (0 user, 1 order, 2 category, 3 recipe), position (from 1), name (an
    /// order's title), a number (member since, cents), a text (placed on).
    struct Items: PostgresPreparedStatement {
        static let sql = #"""
            SELECT 0, j.n, u."name", u."memberSince", NULL
                FROM unnest($1::bigint[]) WITH ORDINALITY j(id, n) JOIN "user" u ON u."id" = j.id
            UNION ALL SELECT 1, j.n, p."title", p."cents", p."placedOn"
                FROM unnest($2::text[]) WITH ORDINALITY j(id, n) JOIN "purchase" p ON p."id" = j.id
            UNION ALL SELECT 2, j.n, c."name", NULL, NULL
                FROM unnest($3::text[]) WITH ORDINALITY j(id, n) JOIN "category" c ON c."id" = j.id
            UNION ALL SELECT 3, j.n, r."name", NULL, NULL
                FROM unnest($4::text[]) WITH ORDINALITY j(id, n) JOIN "recipe" r ON r."id" = j.id
            """#
        typealias Row = (kind: Int32, position: Int, name: String, number: Int?, text: String?)
        let users: [Int], orders: [String], categories: [String], recipes: [String]

        func makeBindings() -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 4)
            bindings.append(users)
            bindings.append(orders)
            bindings.append(categories)
            bindings.append(recipes)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row {
            try row.decode((Int32, Int, String, Int?, String?).self)
        }
    }
}

extension PostgresStatements.RecipeRows {
    func decodeRow(_ row: PostgresRow) throws -> Demo.Recipe { try PostgresStatements.recipe(row) }
}

extension PostgresStatements {
    /// A recipe from a row of `recipeSQL`'s columns.
    static func recipe(_ row: PostgresRow) throws -> Demo.Recipe {
        let (id, name, categoryId, minutes, summary, ingredients, related) =
            try row.decode((String, String, String, Int, String, [String], [String]).self)
        return Demo.Recipe(id: id, name: name, categoryId: categoryId, minutes: minutes, summary: summary,
                           ingredients: ingredients, related: related)
    }
}
#endif
