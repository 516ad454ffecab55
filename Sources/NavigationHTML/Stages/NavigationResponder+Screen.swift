import MicroHTTP
import Navigation

extension NavigationResponder {
    /// The kind of screen a page shows, for the server's metrics (`Response.screen`): its tab,
    /// the visible route's case and the presentation's, as in `orders/orderDetail` or
    /// `home/root+sheet:order`. Never an item's id: a path names every item, and a label per
    /// item would make the series unbounded.
    func screenKind(of page: RenderedPage<Schema>) -> String {
        guard page.showsScreen else { return "notFound" }
        let state = page.state
        let tab = state[state.selectedTab]
        let key = ScreenKinds<Schema>.Key(
            tab: state.selectedTab, route: tab.path.elements.last ?? tab.selection.last, destination: state.presentation)
        return screenKinds.kind(of: key) { key in
            var kind = key.tab.rawValue + "/" + (key.route.map(Self.caseName) ?? "root")
            if let destination = key.destination {
                kind += "+" + destination.style.rawValue + ":" + Self.caseName(destination)
            }
            return kind
        }
    }

    /// An enum case's name without its associated values (`orderDetail`), or the type's name
    /// for a value that is not an enum.
    private static func caseName<Value: Encodable>(_ value: Value) -> String {
        CaseName.of(value) ?? String(describing: Value.self)
    }
}
