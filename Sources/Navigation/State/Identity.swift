/// Who a request comes from, as the app's sign-in knows them: its account, its role, its name.
/// The app finds it for each request (`NavigationApp.identity(for:)` in `NavigationHTML`) and
/// names its type as its schema's `Identity`; every screen then reads it from its context.
///
/// ```swift
/// struct Account: Identity {
///     let id: Int64
///     let name: String
///     let sessionGeneration: Int
///     var stateKey: String { "\(id).\(sessionGeneration)" }
/// }
/// ```
public protocol Identity: Sendable {
    /// Whose navigation state this is: the state cookie records it (``NavigationState/owner``),
    /// and a cookie recorded under another key is not restored. Make it change whenever the
    /// sign-in does — another account, a sign-out, a changed password — so that a cookie copied
    /// before never opens the stacks of the one after. The cookie is signed, not encrypted: the
    /// key is not a secret (an account's id and a counter suit it).
    var stateKey: String { get }
}

/// The identity of an app without accounts (the default): there is never one.
extension Never: Identity {
    public var stateKey: String {
        switch self {}
    }
}
