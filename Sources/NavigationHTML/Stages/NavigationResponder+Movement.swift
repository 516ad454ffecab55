import Foundation
import Navigation

extension NavigationResponder {
    /// The screen the browser showed before this request, as far as the request tells, so that
    /// the page can say how it moved (`Location.movement(from:to:)`).
    ///
    /// The cookie remembers the tab and stack the last page showed, but never its presentation
    /// (that lives in the URL). The `Referer` names the page a link or a form was on, with its
    /// presentation; it is believed when it showed the stack the cookie remembers (a link on that
    /// page), or when the cookie already holds this page's stack (the redirect after a form's
    /// post). Back and Forward send the `Referer` of the entry they return to, not of the page
    /// left, so otherwise it is not read; the script corrects those from the browser's own
    /// history where it can.
    ///
    /// A page reached from one without a presentation, as most are, moves as the cookie says
    /// (`CookieReading.movement(to:visible:)`, which compares stacks without reading routes).
    static func movement(
        reading: CookieReading<Schema>?, referer: String?, next: Location<Schema>, visible: EncodedStack<Schema.Route>
    ) -> NavigationMovement {
        guard let reading else { return .none }
        guard referer?.containsBytes("present=") == true else { return reading.movement(to: next, visible: visible) }
        return Location.movement(from: previousLocation(reading: reading, referer: referer, next: next), to: next)
    }

    /// The screen the browser showed before, read from the cookie and the `Referer` (see
    /// `movement(reading:referer:next:visible:)`).
    static func previousLocation(
        reading: CookieReading<Schema>?, referer: String?, next: Location<Schema>
    ) -> Location<Schema>? {
        guard let reading else { return nil }
        var restored = reading.stored.state
        // The stack the URL replaced was left unread; it is what the last page showed, and is
        // read only when that page showed the same tab (from another, the move is a tab switch).
        if restored.selectedTab == next.tab, let (tab, routes) = reading.unreadStack {
            restored[tab].path = StackState(routes)
        }
        let remembered = restored.location
        // Only a page with a presentation adds anything to what the cookie says.
        guard let referer, referer.containsBytes("present="), let shown = location(of: referer),
              shown.tab == remembered.tab,
              shown.path == remembered.path || (remembered.tab == next.tab && remembered.path == next.path)
        else { return remembered }
        return shown
    }

    /// The location a page's URL shows, read as the server reads a request (path and query
    /// values percent-decoded once).
    private static func location(of url: String) -> Location<Schema>? {
        guard let components = URLComponents(string: url) else { return nil }
        var query: [String: String] = [:]
        for item in components.queryItems ?? [] { query[item.name] = item.value ?? "" }
        switch Location<Schema>.match(path: components.path, query: query) {
        case .location(let location): return location
        default: return nil
        }
    }
}
