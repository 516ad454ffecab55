import MicroHTTP
import Navigation

/// The outcome of reading one request: the state to show, the status to answer with, and a
/// notice for the user when part of the URL could not be shown.
struct RenderedPage<Schema: NavigationSchema> {
    var state: NavigationState<Schema>
    var status: HTTPStatus = .ok
    var notice: String?
    /// The title of each screen on the visible stack, looked up once while validating it.
    var titles: [String] = []
    /// False when the URL named no screen at all: only the chrome and the notice are shown.
    var showsScreen = true
    /// `/`: answered with a redirect to the restored screen's URL.
    var isRoot = false
}
