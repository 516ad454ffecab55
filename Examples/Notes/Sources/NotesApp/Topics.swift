import Navigation

/// What Notes' pages observe, so that a note added in one session appears in the account's other
/// open sessions (see `LiveUpdates`). Every topic is one account's, named with its id, so that
/// no account's writes ever refresh another's pages.
///
/// `NoteStore` moves a topic's version in the transaction of each write that changes it, and
/// announces it once that has committed; a page reads the versions of its topics with its data,
/// from one snapshot (`NoteStore.reading(_:)`).
extension Topic {
    /// `account/7/sign-ins`: the account's sign-ins, which signing out and a new password end.
    /// Every page of the account observes it: its other open pages refresh, and ask to sign in.
    public static func signIns(of account: Int64) -> Topic {
        Topic("account/\(account)/sign-ins")
    }

    /// `account/7/notes`: the account's notes as its lists show them (which there are, their
    /// titles and folders): the folder list with its counts, each folder's notes, Recent.
    public static func notes(of account: Int64) -> Topic {
        Topic("account/\(account)/notes")
    }

    /// `account/7/notes/12`: one note as its screen shows it. No write moves it yet, since a note
    /// does not change once added; one that edits, moves or deletes it would, with `notes(of:)`.
    public static func note(_ id: Int64, of account: Int64) -> Topic {
        Topic("account/\(account)/notes/\(id)")
    }
}
