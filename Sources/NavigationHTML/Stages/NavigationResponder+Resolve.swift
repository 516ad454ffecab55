import MicroHTTP
import Navigation

extension NavigationResponder {
    /// The second stage: the URL applied to the restored state, once, and the titles of the
    /// screens the page shows (the selected tab's stack and selection, the presentation's stack)
    /// asked once. A tab's stack is checked when it shows: a remembered screen whose item no
    /// longer exists (no title) is dropped then, the seeds' `compactMap` on restore, and the
    /// page says so; a screen the URL adds is left to `validate`, which cuts the stack there.
    nonisolated(nonsending) func resolve(_ incoming: IncomingState<Schema>, request: Request) async throws -> RenderedPage<Schema> {
        var page = opened(incoming.match, path: request.path, over: incoming.restored)
        page.window = incoming.servedWindow
        let routes = Self.shownRoutes(of: page.state)
        page.titles = ScreenTitles(try await app.titles(of: routes, identity: incoming.identity), of: routes)
        if !page.titles.isComplete, request.method != .post {
            let tab = page.state.selectedTab
            page.droppedScreens = Self.dropRememberedScreens(
                from: &page.state, remembered: incoming.rememberedStack(of: tab),
                rememberedSelection: incoming.restored[tab].selection, titles: page.titles)
        }
        page.notice = page.notice ?? incoming.carriedNotice ?? Self.notice(droppedScreens: page.droppedScreens)
        return page
    }

    /// Applies the URL (`path`, as `match` read it) to the restored state.
    func opened(_ match: URLMatch<Schema>, path: String, over restored: NavigationState<Schema>) -> RenderedPage<Schema> {
        var page = RenderedPage(state: restored)
        page.state.presentation = nil
        switch match {
        case .root:
            page.isRoot = true
        case .location(let location) where !page.state.isVisible(location.tab) && !Self.asksToSignIn(location, page.state),
             .partial(let location, _) where !page.state.isVisible(location.tab) && !Self.asksToSignIn(location, page.state):
            // A hidden tab keeps its stack untouched until it shows again.
            page.status = .notFound
            page.notice = "The \(location.tab.title) tab is hidden."
            page.showsScreen = false
        case .location(let location):
            page.state.apply(.open(location))
        case .partial(let location, let unmatched):
            page.state.apply(.open(location))
            page.status = .notFound
            page.notice = "There is nothing at “\(unmatched)”; showing the nearest screen instead."
        case .unknown:
            page.status = .notFound
            page.notice = "There is no page at “\(path)”."
            page.showsScreen = false
        }
        return page
    }

    /// The screens a page of `state` shows or links back to: the selected tab's stack and
    /// selection, and the presentations' stacks. Other tabs' stacks are not asked about.
    static func shownRoutes(of state: NavigationState<Schema>) -> Set<Schema.Route> {
        let tabState = state[state.selectedTab]
        var routes = Set(tabState.path.elements)
        routes.formUnion(tabState.selection)
        for presented in state.presentations { routes.formUnion(presented.path.elements) }
        return routes
    }

    /// Drops from the selected tab the screens without a title that the cookie remembered there
    /// (the stack's common prefix with `remembered`, the selection in `rememberedSelection`);
    /// returns how many went.
    static func dropRememberedScreens(
        from state: inout NavigationState<Schema>, remembered: [Schema.Route], rememberedSelection: [Schema.Route],
        titles: ScreenTitles<Schema.Route>
    ) -> Int {
        let tab = state.selectedTab
        let tabState = state[tab]
        let path = tabState.path.elements
        let common = zip(path, remembered).prefix { $0 == $1 }.count
        let kept = path.indices.filter { $0 >= common || titles[path[$0]] != nil }.map { path[$0] }
        let selection = tabState.selection.filter { titles[$0] != nil || !rememberedSelection.contains($0) }
        let dropped = path.count - kept.count + tabState.selection.count - selection.count
        if dropped > 0 { state[tab] = TabState(path: StackState(kept), selection: selection, columns: tabState.columns) }
        return dropped
    }

    static func notice(droppedScreens: Int) -> String? {
        switch droppedScreens {
        case 0: nil
        case 1: "A screen you had open was closed: what it showed no longer exists."
        default: "\(droppedScreens) screens you had open were closed: what they showed no longer exists."
        }
    }

    /// Cuts the stack below the first screen the URL added whose item does not exist (has no
    /// title), so that what is rendered and remembered is always valid, with the app's message.
    nonisolated(nonsending) func validate(
        _ page: inout RenderedPage<Schema>, request: Request, formToken: String, identity: Schema.Identity?
    ) async -> ScreenContext<Schema> {
        if !page.titles.isComplete {
            for (index, route) in page.state.path.elements.enumerated() where page.titles[route] == nil {
                do {
                    // Asked again only for the missing item, for the app's own message.
                    page.titles[route] = try await app.title(for: route, identity: identity)
                } catch {
                    page.state.path.removeLast(page.state.path.count - index)
                    page.status = (error as? HTTPError)?.status ?? .notFound
                    page.notice = (error as? HTTPError)?.message ?? "That screen does not exist."
                    break
                }
            }
        }
        return ScreenContext(state: page.state, query: request.query, formToken: formToken, request: request, identity: identity)
    }
}
