#if PostgreSQL
import PostgresNIO

extension PostgresDemoStore {
    /// The schema's history, as ``DemoStore``'s migrator keeps SQLite's: each version runs once
    /// per database, in its own transaction, and never changes once shipped.
    static let migrations: [(version: String, statements: [PostgresQuery])] = [
        ("v1", schemaV1),
        // SQLite's "v2": the day an order was placed, and the submission that created it.
        ("v2", [
            #"ALTER TABLE "purchase" ADD COLUMN "placedOn" text NOT NULL DEFAULT ''"#,
            #"ALTER TABLE "purchase" ADD COLUMN "submission" text"#,
            #"CREATE UNIQUE INDEX "purchase_on_submission" ON "purchase" ("submission")"#,
        ]),
        // SQLite's "v3": the versions of the data's topics.
        ("v3", [#"CREATE TABLE "topicVersion" ("topic" text PRIMARY KEY, "version" bigint NOT NULL)"#]),
    ]

    /// Brings the database up to date: creates the schema and the seed content on a fresh one,
    /// and leaves an up-to-date one as it is. Several instances starting at once are serialized
    /// by an advisory lock, so each version runs exactly once.
    ///
    /// - Throws: `HTTPError.unavailable` when the database cannot be reached; the error of a
    ///   failed migration otherwise (the database then stays at its previous version).
    public func migrate() async throws {
        try await transaction { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(727001)", logger: logger)
            try await connection.query("""
                CREATE TABLE IF NOT EXISTS "migration" ("version" text PRIMARY KEY, "appliedAt" timestamptz NOT NULL DEFAULT now())
                """, logger: logger)
            var applied: Set<String> = []
            for try await version in try await connection.query(#"SELECT "version" FROM "migration""#, logger: logger)
                .decode(String.self) {
                applied.insert(version)
            }
            for migration in Self.migrations where !applied.contains(migration.version) {
                for statement in migration.statements { try await connection.query(statement, logger: logger) }
                if migration.version == "v1" { try await insertSeed(connection) }
                if migration.version == "v2" { try await datePurchases(connection) }
                let version = migration.version
                try await connection.query(#"INSERT INTO "migration" ("version") VALUES (\#(version))"#, logger: logger)
            }
        }
    }

    /// The tables and columns of SQLite's "v1", with the same names, keys and cascades.
    private static let schemaV1: [PostgresQuery] = [
        #"CREATE TABLE "user" ("id" bigint PRIMARY KEY, "name" text NOT NULL, "memberSince" bigint NOT NULL)"#,
        #"CREATE TABLE "purchase" ("id" text PRIMARY KEY, "title" text NOT NULL, "cents" bigint NOT NULL)"#,
        #"CREATE TABLE "idSequence" ("name" text PRIMARY KEY, "lastValue" bigint NOT NULL)"#,
        #"CREATE TABLE "category" ("id" text PRIMARY KEY, "name" text NOT NULL, "position" bigint NOT NULL)"#,
        #"""
        CREATE TABLE "recipe" ("id" text PRIMARY KEY, "name" text NOT NULL,
            "categoryId" text NOT NULL REFERENCES "category", "minutes" bigint NOT NULL,
            "summary" text NOT NULL, "position" bigint NOT NULL)
        """#,
        #"CREATE INDEX "recipe_on_categoryId" ON "recipe" ("categoryId")"#,
        #"""
        CREATE TABLE "recipeIngredient" ("recipeId" text NOT NULL REFERENCES "recipe" ON DELETE CASCADE,
            "position" bigint NOT NULL, "name" text NOT NULL, PRIMARY KEY ("recipeId", "position"))
        """#,
        // Recipes may name recipes seeded after them: the check waits for the commit.
        #"""
        CREATE TABLE "recipeRelation" ("recipeId" text NOT NULL REFERENCES "recipe" ON DELETE CASCADE,
            "relatedId" text NOT NULL REFERENCES "recipe" ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
            "position" bigint NOT NULL, PRIMARY KEY ("recipeId", "position"))
        """#,
        #"CREATE INDEX "recipeRelation_on_relatedId" ON "recipeRelation" ("relatedId")"#,
    ]

    /// ``DemoStore``'s seed, row for row.
    private func insertSeed(_ connection: PostgresConnection) async throws {
        typealias Seed = DemoStore.Seed
        for user in Seed.users {
            try await connection.query(#"INSERT INTO "user" VALUES (\#(user.id), \#(user.name), \#(user.memberSince))"#,
                                       logger: logger)
        }
        for order in Seed.orders {
            try await connection.query(#"""
                INSERT INTO "purchase" ("id", "title", "cents") VALUES (\#(order.id), \#(order.title), \#(order.cents))
                """#, logger: logger)
        }
        let lastOrderNumber = Seed.orders.compactMap { DemoStore.orderNumber(fromID: $0.id) }.max() ?? 0
        try await connection.query(#"INSERT INTO "idSequence" VALUES ('order', \#(lastOrderNumber))"#, logger: logger)
        for (position, category) in Seed.categories.enumerated() {
            try await connection.query(#"INSERT INTO "category" VALUES (\#(category.id), \#(category.name), \#(position))"#,
                                       logger: logger)
        }
        for (position, recipe) in Seed.recipes.enumerated() {
            try await connection.query(#"""
                INSERT INTO "recipe" VALUES (\#(recipe.id), \#(recipe.name), \#(recipe.categoryId), \#(recipe.minutes),
                    \#(recipe.summary), \#(position))
                """#, logger: logger)
            for (position, name) in recipe.ingredients.enumerated() {
                try await connection.query(#"INSERT INTO "recipeIngredient" VALUES (\#(recipe.id), \#(position), \#(name))"#,
                                           logger: logger)
            }
            for (position, relatedId) in recipe.related.enumerated() {
                try await connection.query(#"INSERT INTO "recipeRelation" VALUES (\#(recipe.id), \#(relatedId), \#(position))"#,
                                           logger: logger)
            }
        }
    }

    /// The seed's orders get their days; any created before "v2" the day of the migration.
    private func datePurchases(_ connection: PostgresConnection) async throws {
        for order in DemoStore.Seed.orders {
            try await connection.query(#"UPDATE "purchase" SET "placedOn" = \#(order.placedOn) WHERE "id" = \#(order.id)"#,
                                       logger: logger)
        }
        try await connection.query(#"UPDATE "purchase" SET "placedOn" = to_char(CURRENT_DATE, 'YYYY-MM-DD') WHERE "placedOn" = ''"#,
                                   logger: logger)
    }
}
#endif
