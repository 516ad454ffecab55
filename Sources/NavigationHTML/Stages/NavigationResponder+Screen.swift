import MicroHTTP
import Navigation

extension NavigationResponder {
    /// The kind of screen a page shows, for the server's metrics (`Response.screen`): its tab,
    /// the visible route's case and the presentation's, as in `orders/orderDetail` or
    /// `home/root+sheet:order`. Never an item's id: a path names every item, and a label per
    /// item would make the series unbounded.
    static func screenKind(of page: RenderedPage<Schema>) -> String {
        guard page.showsScreen else { return "notFound" }
        let state = page.state
        let tab = state[state.selectedTab]
        let visible = tab.path.elements.last ?? tab.selection.last
        var kind = state.selectedTab.rawValue + "/" + (visible.map(caseName) ?? "root")
        if let destination = state.presentation {
            kind += "+" + destination.style.rawValue + ":" + caseName(destination)
        }
        return kind
    }

    /// An enum case's name without its associated values (`orderDetail`), or the type's name
    /// for a value that is not an enum.
    private static func caseName<Value: Encodable>(_ value: Value) -> String {
        CaseName.of(value) ?? String(describing: Value.self)
    }
}
