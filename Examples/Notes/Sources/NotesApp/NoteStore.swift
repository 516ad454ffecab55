import Foundation
import GRDB
import Navigation
import NavigationHTML

/// The accounts and their notes, in `notes.sqlite` in the data folder. Every read of notes is
/// one account's: no method hands out a note without the account it belongs to.
///
/// It keeps the version of each topic its screens observe (`Topic.notes(of:)` and the others)
/// with the data: a write moves the versions of what it changes in its own transaction, and
/// announces them once that has committed (`LiveUpdates` then refreshes the pages behind them).
/// A page is read from one snapshot (`reading(_:)`), its versions with its data.
public final class NoteStore: Sendable {
    private let database: DatabasePool
    private let broadcast = TopicBroadcast()

    /// The store in `directory` (made if missing, readable by its owner only), its tables created
    /// on first use. The database holds the password hashes: it is made readable and writable by
    /// its owner only, and so are the journals SQLite makes beside it (they take its mode).
    public init(directory: String) throws {
        let files = FileManager.default
        try files.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                  attributes: [.posixPermissions: 0o700])
        let path = (directory as NSString).appendingPathComponent("notes.sqlite")
        if !files.fileExists(atPath: path) {
            guard files.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
            }
        }
        try files.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)   // an older one's too
        // In WAL mode, so that a page's snapshot (`reading(_:)`) holds up no write.
        database = try DatabasePool(path: path)
        var migrator = DatabaseMigrator()
        migrator.registerMigration("accounts and notes") { db in
            try db.execute(sql: """
                CREATE TABLE account (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
                    passwordHash TEXT NOT NULL,
                    sessionGeneration INTEGER NOT NULL DEFAULT 1);
                CREATE TABLE note (
                    id INTEGER PRIMARY KEY,
                    accountId INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    folder TEXT NOT NULL,
                    title TEXT NOT NULL,
                    text TEXT NOT NULL);
                CREATE INDEX note_by_account ON note(accountId, folder);
                """)
        }
        // Two spellings of one name are one account: looked up by `Account.key(for:)`.
        migrator.registerMigration("canonical names") { db in
            try db.execute(sql: "ALTER TABLE account ADD COLUMN nameKey TEXT")
            for row in try Row.fetchAll(db, sql: "SELECT id, name FROM account") {
                let name: String = row["name"]
                try db.execute(sql: "UPDATE account SET nameKey = ? WHERE id = ?",
                               arguments: [Account.key(for: name), row["id"] as Int64])
            }
            try db.execute(sql: "CREATE UNIQUE INDEX account_by_key ON account(nameKey)")
        }
        // A topic's version, moved by every write that changes it; one never written is at 0.
        migrator.registerMigration("topic versions") { db in
            try db.execute(sql: "CREATE TABLE topicVersion (topic TEXT PRIMARY KEY, version INTEGER NOT NULL)")
        }
        try migrator.migrate(database)
    }

    // MARK: Reading a page

    /// The page being read (`reading(_:)`): its store and the snapshot its reads share.
    private struct Page: Sendable {
        @TaskLocal static var current: Page?
        let store: ObjectIdentifier
        let snapshot: DatabaseSnapshot
    }

    /// Runs `body`, every read of one page (see `NavigationApp.reading(_:)`), on one snapshot of
    /// the database: the page's account, titles, lists and topic versions agree, whatever is
    /// written meanwhile. The snapshot is a connection of its own, opened for the page.
    public func reading<Result>(_ body: () async throws -> Result) async throws -> Result {
        if Page.current?.store == ObjectIdentifier(self) { return try await body() }
        let page = Page(store: ObjectIdentifier(self), snapshot: try database.makeSnapshot())
        return try await Page.$current.withValue(page, operation: body)
    }

    /// Where a read runs: the page's snapshot inside `reading(_:)`, else the latest commit.
    private var reader: any DatabaseReader {
        if let page = Page.current, page.store == ObjectIdentifier(self) { return page.snapshot }
        return database
    }

    /// Runs `body` in one write transaction, with the versions of the topics it names as changed
    /// moved in the same transaction, and announces them once it has committed. A write that
    /// throws is rolled back and announces nothing.
    private func write<Result>(_ body: (Database) throws -> (Result, changed: [Topic])) throws -> Result {
        let (result, versions) = try database.write { db in
            let (result, topics) = try body(db)
            var versions: [Topic: Int] = [:]
            for topic in topics {
                versions[topic] = try Int.fetchOne(db, sql: """
                    INSERT INTO topicVersion (topic, version) VALUES (?, 1)
                    ON CONFLICT (topic) DO UPDATE SET version = version + 1 RETURNING version
                    """, arguments: [topic.name])
            }
            return (result, versions)
        }
        broadcast.publish(versions)
        return result
    }

    // MARK: Accounts

    /// Adds an account with its password's hash, and its first notes: a welcome note in Work and
    /// one in Home. Throws `AccountError.nameTaken` for a name in use (in any spelling:
    /// `Account.key(for:)`).
    @discardableResult
    public func addAccount(name: String, passwordHash: String) throws -> Account {
        let key = Account.key(for: name)
        return try database.write { db in
            guard try Int.fetchOne(db, sql: "SELECT 1 FROM account WHERE nameKey = ?", arguments: [key]) == nil else {
                throw AccountError.nameTaken(name)
            }
            try db.execute(sql: "INSERT INTO account (name, nameKey, passwordHash) VALUES (?, ?, ?)",
                           arguments: [name, key, passwordHash])
            let id = db.lastInsertedRowID
            for (folder, title, text) in [
                ("Work", "Welcome to Work", "Notes for your work go here."),
                ("Home", "Welcome to Home", "Notes for home go here."),
            ] {
                try db.execute(sql: "INSERT INTO note (accountId, folder, title, text) VALUES (?, ?, ?, ?)",
                               arguments: [id, folder, title, text])
            }
            return Account(id: id, name: name, sessionGeneration: 1)
        }
    }

    /// The account with this id, or nil.
    public func account(id: Int64) throws -> Account? {
        try reader.read { db in
            try Row.fetchOne(db, sql: "SELECT id, name, sessionGeneration FROM account WHERE id = ?", arguments: [id])
                .map(Self.account)
        }
    }

    /// The account of this name (in any spelling: `Account.key(for:)`) and its password's hash, or nil.
    public func account(named name: String) throws -> (account: Account, passwordHash: String)? {
        let key = Account.key(for: name)
        return try reader.read { db in
            try Row.fetchOne(db, sql: "SELECT id, name, sessionGeneration, passwordHash FROM account WHERE nameKey = ?",
                             arguments: [key])
                .map { (Self.account($0), $0["passwordHash"]) }
        }
    }

    /// Ends every sign-in of the account: its cookies name the generation before.
    public func endSessions(of account: Account) throws {
        try write { db in
            try db.execute(sql: "UPDATE account SET sessionGeneration = sessionGeneration + 1 WHERE id = ?",
                           arguments: [account.id])
            return ((), changed: [.signIns(of: account.id)])
        }
    }

    /// Gives the account of this name a new password's hash and ends its sign-ins. Throws
    /// `AccountError.noSuchAccount` when there is none.
    public func setPasswordHash(_ hash: String, ofAccountNamed name: String) throws {
        let key = Account.key(for: name)
        try write { db in
            guard let id = try Int64.fetchOne(db, sql: """
                UPDATE account SET passwordHash = ?, sessionGeneration = sessionGeneration + 1 WHERE nameKey = ?
                RETURNING id
                """, arguments: [hash, key])
            else { throw AccountError.noSuchAccount(name) }
            return ((), changed: [.signIns(of: id)])
        }
    }

    private static func account(_ row: Row) -> Account {
        Account(id: row["id"], name: row["name"], sessionGeneration: row["sessionGeneration"])
    }

    // MARK: Notes, always of one account

    /// The account's folders, by name.
    public func folders(of account: Account) throws -> [String] {
        try reader.read { db in
            try String.fetchAll(db, sql: "SELECT DISTINCT folder FROM note WHERE accountId = ? ORDER BY folder",
                                arguments: [account.id])
        }
    }

    /// The account's notes in `folder`, oldest first; nil as the folder's for all of them, newest first.
    public func notes(in folder: String? = nil, of account: Account) throws -> [Note] {
        try reader.read { db in
            let rows = if let folder {
                try Row.fetchAll(db, sql: "SELECT * FROM note WHERE accountId = ? AND folder = ? ORDER BY id",
                                 arguments: [account.id, folder])
            } else {
                try Row.fetchAll(db, sql: "SELECT * FROM note WHERE accountId = ? ORDER BY id DESC", arguments: [account.id])
            }
            return rows.map(Self.note)
        }
    }

    /// The account's note with this id; nil when there is none, or it is another account's.
    public func note(_ id: Int64, of account: Account) throws -> Note? {
        try reader.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM note WHERE id = ? AND accountId = ?", arguments: [id, account.id])
                .map(Self.note)
        }
    }

    /// Adds a note to the account's folder and returns it.
    public func add(folder: String, title: String, text: String, of account: Account) throws -> Note {
        try write { db in
            try db.execute(sql: "INSERT INTO note (accountId, folder, title, text) VALUES (?, ?, ?, ?)",
                           arguments: [account.id, folder, title, text])
            let note = Note(id: db.lastInsertedRowID, folder: folder, title: title, text: text)
            return (note, changed: [.notes(of: account.id)])
        }
    }

    /// How many notes there are, of every account.
    public func noteCount() throws -> Int {
        try reader.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM note") ?? 0 }
    }

    private static func note(_ row: Row) -> Note {
        Note(id: row["id"], folder: row["folder"], title: row["title"], text: row["text"])
    }
}

/// The versions `LiveUpdates` compares a page's against, and the announcements of new ones.
extension NoteStore: TopicStore {
    /// The versions of `topics`, 0 for one never written: inside `reading(_:)` from the page's
    /// snapshot, so that no change to what the page shows is newer than the versions its stream
    /// starts from and goes unseen.
    public func versions(of topics: Set<Topic>) throws -> [Topic: Int] {
        let names = topics.map(\.name)
        let written = try reader.read { db in
            try Row.fetchAll(db, sql: """
                SELECT topic, version FROM topicVersion WHERE topic IN (\(databaseQuestionMarks(count: names.count)))
                """, arguments: StatementArguments(names))
        }
        var versions = Dictionary(uniqueKeysWithValues: topics.map { ($0, 0) })
        for row in written { versions[Topic(row["topic"])] = row["version"] }
        return versions
    }

    public func changes() -> AsyncStream<TopicChange> {
        broadcast.subscribe()
    }
}

/// Why an account could not be added or changed.
public enum AccountError: Error, Equatable, CustomStringConvertible {
    case nameTaken(String)
    case noSuchAccount(String)
    case badName
    case shortPassword
    case longPassword

    public var description: String {
        switch self {
        case .nameTaken(let name): "There is an account named “\(name)” already."
        case .noSuchAccount(let name): "There is no account named “\(name)”."
        case .badName: "A name has 1 to 64 letters, digits, dots, dashes or underscores."
        case .shortPassword: "A password needs at least \(PasswordHasher.minimumLength) characters."
        case .longPassword: "A password has at most \(PasswordHasher.maximumLength) characters."
        }
    }
}
