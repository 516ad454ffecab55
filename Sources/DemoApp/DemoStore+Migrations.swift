import GRDB

extension DemoStore {
    /// The schema's history. A registered migration never changes once shipped: databases
    /// that already ran it would not see the change. New columns, tables or content go into
    /// a new migration ("v2", …).
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        // Schema and seed share one migration, hence one transaction: a file either has both
        // or neither, and the seed can never run a second time over the user's edits.
        migrator.registerMigration("v1") { db in
            try createSchemaV1(db)
            try insertSeed(db)
        }
        // Orders carry the day they were placed (the seed's have theirs; any created before is
        // dated the day of the migration), and the form submission that created them, so that
        // the same form posted twice creates one order.
        migrator.registerMigration("v2") { db in
            try db.alter(table: OrderRecord.databaseTableName) { t in
                t.add(column: "placedOn", .text).notNull().defaults(to: "")
                t.add(column: "submission", .text)
            }
            try db.create(index: "purchase_on_submission", on: OrderRecord.databaseTableName,
                          columns: ["submission"], unique: true)
            for order in Seed.orders {
                try db.execute(sql: "UPDATE purchase SET placedOn = ? WHERE id = ?", arguments: [order.placedOn, order.id])
            }
            try db.execute(sql: "UPDATE purchase SET placedOn = date('now', 'localtime') WHERE placedOn = ''")
        }
        // The versions of the data's topics (see DemoStore+Topics.swift).
        migrator.registerMigration("v3") { db in
            try db.create(table: "topicVersion") { t in
                t.primaryKey("topic", .text)
                t.column("version", .integer).notNull()
            }
        }
        return migrator
    }

    private static func createSchemaV1(_ db: Database) throws {
        try db.create(table: UserRecord.databaseTableName) { t in
            t.primaryKey("id", .integer)
            t.column("name", .text).notNull()
            t.column("memberSince", .integer).notNull()
        }
        try db.create(table: OrderRecord.databaseTableName) { t in
            t.primaryKey("id", .text)
            t.column("title", .text).notNull()
            t.column("cents", .integer).notNull()
        }
        try db.create(table: IdSequenceRecord.databaseTableName) { t in
            t.primaryKey("name", .text)
            t.column("lastValue", .integer).notNull()
        }
        try db.create(table: CategoryRecord.databaseTableName) { t in
            t.primaryKey("id", .text)
            t.column("name", .text).notNull()
            t.column("position", .integer).notNull()
        }
        try db.create(table: RecipeRecord.databaseTableName) { t in
            t.primaryKey("id", .text)
            t.column("name", .text).notNull()
            t.column("categoryId", .text).notNull().indexed().references(CategoryRecord.databaseTableName)
            t.column("minutes", .integer).notNull()
            t.column("summary", .text).notNull()
            t.column("position", .integer).notNull()
        }
        // Lists hang off their recipe: deleting a recipe drops its ingredients, and drops it
        // from other recipes' related lists rather than leaving ids that lead nowhere.
        try db.create(table: RecipeIngredientRecord.databaseTableName) { t in
            t.column("recipeId", .text).notNull().references(RecipeRecord.databaseTableName, onDelete: .cascade)
            t.column("position", .integer).notNull()
            t.column("name", .text).notNull()
            t.primaryKey(["recipeId", "position"])
        }
        try db.create(table: RecipeRelationRecord.databaseTableName) { t in
            t.column("recipeId", .text).notNull().references(RecipeRecord.databaseTableName, onDelete: .cascade)
            t.column("relatedId", .text).notNull().indexed()
                .references(RecipeRecord.databaseTableName, onDelete: .cascade)
            t.column("position", .integer).notNull()
            t.primaryKey(["recipeId", "position"])
        }
    }
}
