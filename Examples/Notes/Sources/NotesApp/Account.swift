import Navigation

/// Who is signed in: an account of the notes database.
public struct Account: Identity, Equatable {
    public let id: Int64
    public let name: String
    /// Moved by every sign-out and password change: a sign-in cookie of an earlier generation
    /// opens nothing.
    public let sessionGeneration: Int

    /// The navigation state is this sign-in's: another account's, or an earlier sign-in's, is
    /// never restored to it.
    public var stateKey: String { "\(id).\(sessionGeneration)" }
}
