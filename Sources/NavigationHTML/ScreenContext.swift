import Logging
import MicroHTTP
import Navigation

/// What a screen is rendered in: the current navigation state, the request's query, and what
/// forms need. Links are built by applying actions to the state, so each is the canonical URL of
/// the screen it leads to and works without JavaScript, from curl, and as a bookmark.
///
/// ```swift
/// let href = context.href(.push(.orderDetail(orderId: order.id)))   // "/home/orders/order/ORD-001"
/// guard let account = context.identity else { … }                    // who is signed in
/// ```
///
/// Inside a presentation, `.push` and `.pop` act on the presentation's own stack, as a
/// `NavigationLink` inside a sheet pushes on the sheet's `NavigationStack`; `.presentOver`
/// presents over it (its own `.sheet` or `.alert`), where `.present` replaces every presentation
/// (a parent's destination set anew); `.dismiss` closes it and whatever it presented.
public struct ScreenContext<Schema: NavigationSchema>: Sendable {
    /// The state the page shows, presentation included; every link is built from it.
    public var state: NavigationState<Schema> { links.state }
    /// The state with its own URL worked out once for all the page's links.
    public let links: Links<Schema>
    /// The request's query arguments, percent-decoded, the first value of a repeated name: the
    /// library's own (`select`, `columns`, `present`, `detent`, `presented-path`) and any the app's links
    /// added, such as a search's `q`. `formAction` carries the app's too, and so do the links that
    /// keep the screen they belong to: those of the screen beneath any presentation while it stays
    /// (a presentation opened, resized, pushed on or closed over it, the columns rearranged), a
    /// presentation's own (named `presented-…`, as ``searchQueryName`` there) while it stays.
    public let query: [String: String]
    /// The app's query arguments of the screen beneath any presentation, sorted by name.
    private let pageArguments: [(name: String, value: String)]
    /// The app's query arguments of the presentation (`presented-…`), sorted by name.
    private let presentedArguments: [(name: String, value: String)]
    /// True while rendering the content of a presentation.
    public var isPresented: Bool { level > 0 }
    /// How many presentations the screen being rendered stands on: 0 for the stack's screen, 1
    /// for the first presentation's, 2 for one presented over it. The context's `state` holds
    /// the presentations up to the screen's own, so its links act on it (and close the ones above).
    public private(set) var level: Int
    /// The hidden `_token` value every form must carry.
    public let formToken: String
    /// Where forms on this screen post to: the URL of the screen itself, the app's own query
    /// arguments included (a form on search results posts with the search).
    public var formAction: String {
        keptFormAction.withLock { kept in
            if let kept { return kept }
            let made = Links<Schema>.url(links.url, adding: pageArguments + presentedArguments)
            kept = made
            return made
        }
    }
    /// `formAction`, worked out the first time it is asked for and shared by the context's copies:
    /// a screen asks once for each form and each alert button, and each time it cost the state's
    /// whole URL.
    private let keptFormAction = Locked<String?>(nil)
    /// The query argument a search on this screen submits (``Screen/searchable(prompt:context:)``):
    /// `q` on a stack's screen, `presented-q` in a presentation, whose arguments a link that
    /// closes it leaves behind.
    public var searchQueryName: String { isPresented ? "presented-q" : "q" }
    /// What the user searched for on this screen (its ``searchQueryName`` argument), or "".
    public var searchText: String { query[searchQueryName] ?? "" }
    /// After a rejected submission: what the user had entered, and why it was rejected.
    public let submitted: [String: String]?
    /// After a rejected submission, the message of `SubmissionOutcome.invalid`, else nil:
    /// `Screen.form` shows it above its fields and, when nothing is presented, the page above
    /// the screen.
    public let error: String?
    /// After a `SubmissionOutcome.invalidField` rejection, the name of the field `error` is
    /// about (shown beside it); nil when the message is about the whole form.
    public let errorField: String?
    /// After a rejection of fields (`SubmissionOutcome.invalidFields`, ``InvalidFields``), each
    /// field's message by the field's name; `error` and `errorField` are the first's.
    public let fieldErrors: [String: String]
    /// The request being answered: its headers (`request.headers["Accept-Language"]`), its
    /// client's address as the trusted-proxy rules read it (`request.clientAddress`), its id.
    public let request: Request

    /// Who is signed in (`NavigationApp.identity(for:)`), or nil for nobody.
    public let identity: Schema.Identity?

    /// The screen to open once signed in: the `return` argument of the URL, when it is a path of
    /// this site, as a sign-in screen shows it (a signed-out visitor sent to sign in from a
    /// screen that needs it carries one); nil otherwise.
    public var returnPath: ReturnPath? { query["return"].flatMap(ReturnPath.init) }

    /// The client's IP address: the connection's peer, or what a trusted proxy reported.
    public var clientAddress: String { request.clientAddress }

    /// The request's logger: every line names the request's id (see `Request.logger`).
    public var logger: Logger { request.logger }

    /// A context for rendering a screen of `state` outside the responder, as tests do; the
    /// responder makes its own. `formToken` is empty by default, and a form carrying an empty
    /// token is refused.
    public init(
        state: NavigationState<Schema>, query: [String: String] = [:], isPresented: Bool = false,
        formToken: String = "", submitted: [String: String]? = nil, error: String? = nil, errorField: String? = nil,
        fieldErrors: [String: String] = [:], request: Request? = nil, identity: Schema.Identity? = nil
    ) {
        self.init(links: Links(state), query: query, level: isPresented ? max(state.presentations.count, 1) : 0, formToken: formToken,
                  submitted: submitted, error: error, errorField: errorField, fieldErrors: fieldErrors,
                  request: request ?? Request(method: .get, path: Links(state).url, query: query), identity: identity)
    }

    /// The URL of the screen `action` leads to.
    public func href(_ action: NavigationAction<Schema>) -> String {
        let url: String
        switch action {
        case .push(let route) where isPresented: url = state.applying(.pushPresented(route)).url
        case .pop where isPresented: url = state.applying(.popPresented).url
        // The stack's screen: its own dismiss pops it, whatever is presented over it.
        case .dismissScreen where !isPresented: url = links.url(after: .pop)
        default: url = links.url(after: action)
        }
        return Links<Schema>.url(url, adding: arguments(keptBy: action))
    }

    /// The URL that closes this screen however it was shown (`NavigationAction.dismissScreen`,
    /// SwiftUI's `dismiss`): back from a pushed screen, a presented stack's screen popped, a
    /// presentation at its root closed with whatever it presented.
    ///
    /// ```swift
    /// ToolbarItem("Done", placement: .confirmationAction, href: context.dismissHref)
    /// ```
    public var dismissHref: String { href(.dismissScreen) }

    /// The app's query arguments a link keeps: the page's while the screen beneath any
    /// presentation stays, the presentation's while it stays too.
    private func arguments(keptBy action: NavigationAction<Schema>) -> [(name: String, value: String)] {
        switch action {
        case .presentOver: pageArguments + presentedArguments
        case .dismiss where level > 1: pageArguments + presentedArguments
        case .dismissScreen where isPresented:
            level > 1 || !(state.topPresentation?.path.isEmpty ?? true) ? pageArguments + presentedArguments : pageArguments
        case .present, .dismiss, .dismissAll, .setColumns: pageArguments
        case .setDetent, .pushPresented, .popPresented: pageArguments + presentedArguments
        case .push, .pop: isPresented ? pageArguments + presentedArguments : []
        default: []
        }
    }


    /// The URL of the screen these actions lead to, applied in order to the state as it is
    /// (not to a presentation's stack): `[.dismiss, .push(.settings)]` leaves a popover for a
    /// screen behind it.
    public func href(_ actions: [NavigationAction<Schema>]) -> String {
        actions.reduce(state) { $0.applying($1) }.url
    }

    /// The URL of `location` opened from here: other tabs keep their stacks.
    public func href(opening location: Location<Schema>) -> String {
        state.applying(.open(location)).url
    }

    /// What a form field shows: the user's rejected input if there is one, else `value`.
    public func value(_ field: String, default value: String) -> String {
        submitted?[field] ?? value
    }

    /// The context of the screen of presentation `level` (1 for the first): the state with the
    /// presentations up to it, so that its links act on it.
    func presenting(level: Int) -> ScreenContext {
        let shown = state.presentations.count
        var context = self
        if level < shown {
            var below = state
            for _ in level..<shown { below.apply(.dismiss) }
            // A covered presentation's form was not the one submitted: it shows its own values.
            context = ScreenContext(
                links: Links(below), query: query, level: level, formToken: formToken, submitted: nil,
                error: nil, errorField: nil, fieldErrors: [:], request: request, identity: identity)
        }
        context.level = level
        return context
    }

    private init(
        links: Links<Schema>, query: [String: String], level: Int, formToken: String,
        submitted: [String: String]?, error: String?, errorField: String?, fieldErrors: [String: String],
        request: Request, identity: Schema.Identity?
    ) {
        self.request = request
        self.identity = identity
        self.links = links
        self.query = query
        let app = Self.appArguments(of: query)
        pageArguments = app.filter { !$0.name.hasPrefix("presented-") }
        presentedArguments = app.filter { $0.name.hasPrefix("presented-") }
        self.level = level
        self.formToken = formToken
        self.submitted = submitted
        self.error = error
        self.errorField = errorField
        var errors = fieldErrors
        if let errorField, let error, errors[errorField] == nil { errors[errorField] = error }
        self.fieldErrors = errors
    }
}

extension ScreenContext {
    /// The app's own arguments of `query` (all but the library's), sorted by name.
    static func appArguments(of query: [String: String]) -> [(name: String, value: String)] {
        query.filter { !isLibraryArgument($0.key) }.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
    }
}

/// The names of the library's own query arguments; every other is the app's. One set for the
/// process, not one built for every argument of every request.
private let libraryArguments: Set<String> = ["select", "columns", "present", "detent", "presented-path"]

/// True for the library's own arguments: those above, and a presentation's over another's
/// (`present-2`, `detent-3`, `presented-path-2`).
private func isLibraryArgument(_ name: String) -> Bool {
    if libraryArguments.contains(name) { return true }
    guard let dash = name.utf8.lastIndex(of: UInt8(ascii: "-")), name.utf8.index(after: dash) != name.utf8.endIndex,
          name.utf8[name.utf8.index(after: dash)...].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    else { return false }
    return ["present", "detent", "presented-path"].contains(name[..<dash])
}
