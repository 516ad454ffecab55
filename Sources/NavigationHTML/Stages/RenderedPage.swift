import MicroHTTP
import Navigation

/// The outcome of reading one request: the state to show, the status to answer with, and a
/// notice for the user when part of the URL could not be shown.
struct RenderedPage<Schema: NavigationSchema>: Sendable {
    var state: NavigationState<Schema>
    var status: HTTPStatus = .ok
    var notice: String?
    /// The titles of the screens the request holds, the visible stack's among them once it is
    /// validated.
    var titles = ScreenTitles<Schema.Route>()
    /// False when the URL named no screen at all: only the chrome and the notice are shown.
    var showsScreen = true
    /// `/`: answered with a redirect to the restored screen's URL.
    var isRoot = false
    /// How many remembered screens were dropped because their items no longer exist: the page
    /// is then answered with a redirect to the URL of what remains.
    var droppedScreens = 0
    /// How the screen moved from the one shown before, as far as the request tells (see
    /// `NavigationResponder.movement(reading:referer:next:visible:)`).
    var movement = NavigationMovement.none
    /// A notice for the page the redirect leads to (`SubmissionOutcome.navigateWithNotice`),
    /// carried there by the cookie.
    var noticeForNextPage: String?
    /// What the screens drawn observe (`Screen.observing(_:)`).
    var topics: Set<Topic> = []
    /// The window whose state the page shows (`StoredState.window`): the one the request named,
    /// nil when it named none. The page says it, so that its script knows for certain whether its
    /// own request was named (a cookie written just before a navigation may miss it).
    var window: String?

    /// The title of the screen at `index` on the visible stack, or "…".
    func title(at index: Int) -> String {
        // One read of `state.path`, which copies the tab's state.
        let path = state.path.elements
        return path.indices.contains(index) ? titles[path[index]] ?? "…" : "…"
    }
}
