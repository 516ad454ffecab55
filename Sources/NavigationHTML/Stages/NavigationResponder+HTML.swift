import MicroHTTP
import Navigation

extension NavigationResponder {
    /// Renders the visible screen inside the chrome: tab bar, navigation bar with the back button,
    /// breadcrumb, and the presentation over it.
    nonisolated(nonsending) func html(_ page: RenderedPage<Schema>, context: ScreenContext<Schema>) async throws -> Response {
        var page = page
        let state = page.state
        // A destination drawn as a pushed screen (`navigationDestination`) stands in the stack's place.
        let pushed = page.showsScreen ? try await pushedDestination(context: context, page: &page) : nil
        var shown = pushed?.screen
        if shown == nil, page.showsScreen { shown = try await screen(for: state, context: context, page: &page) }
        let title = shown?.title ?? "Not Found"
        var content = try shown.map { try render($0, observing: &page.topics) } ?? []
        var toolbar = PageModel.Toolbar(shown?.toolbarItems ?? [])
        // A form shows why it was rejected itself, beside its fields; the page says it otherwise.
        let showsOwnError = shown?.model is FormModel
        var presentations = try await presentationModels(context: context, page: &page)
        var crumbs = page.showsScreen ? breadcrumbs(for: context, page: page) : []
        if let pushed, let below = crumbs.popLast() {
            crumbs += [PageModel.Crumb(title: below.title, href: pushed.dismissHref, isCurrent: false),
                       PageModel.Crumb(title: pushed.screen.title, href: context.links.url, isCurrent: true)]
        }
        var split = page.showsScreen
            ? try await splitModel(context: context, page: &page, detailTitle: title, detail: content, toolbar: toolbar,
                                   pushedBack: pushed?.back)
            : nil
        if var source = presentations.isEmpty ? nil : presentationSource(of: page.state) {
            // A popover is drawn at its source in a wide window only, where a split view shows
            // its columns instead of the navigation bar and the stack.
            if split == nil {
                toolbar.mark(&source)
                source.mark(in: &content)
            } else {
                split!.mark(&source)
            }
            presentations[0].isAnchored = source.isFound
        }
        let back: PageModel.Link? = pushed?.back ?? (crumbs.count >= 2
            ? PageModel.Link(title: crumbs[crumbs.count - 2].title, href: crumbs[crumbs.count - 2].href) : nil)
        let tabBar = tabBar(context, showsSelection: page.showsScreen)
        let accessory = try await app.bottomAccessory(context: context).map(PageModel.Accessory.init)
        let posts = toolbar.posts || presentations.contains { $0.toolbar.posts } || accessory?.posts == true
            || split?.columns.contains { $0.toolbar.posts } == true
        let model = PageModel(
            title: title,
            colorScheme: app.colorScheme(in: page.state)?.rawValue ?? "system",
            transition: page.movement.rawValue,
            appName: app.name,
            stylesheet: stylesheet,
            appStylesheets: appStylesheets,
            script: script,
            // The context's state, unless the presentation could not be shown.
            canonicalURL: page.state.presentations.count < context.state.presentations.count
                ? page.state.url : context.links.url,
            back: back,
            toolbar: toolbar,
            screenZoom: shown?.transition.zoomName,
            screenSearch: shown?.search,
            isTitleInline: shown?.titleDisplayMode == .inline,
            breadcrumbs: crumbs,
            hasBreadcrumbs: crumbs.count >= 2,
            tabGroups: tabBar.groups,
            searchTab: tabBar.search,
            notice: page.notice,
            content: content,
            error: context.isPresented || page.state.presentation != nil || showsOwnError ? nil : context.error,
            presentation: presentations.last,
            coveredPresentations: Array(presentations.dropLast()),
            // The screen behind is usable only while every presentation lets it be.
            coversApp: presentations.contains { !$0.interactsBehind },
            split: split,
            accessory: accessory,
            screenActions: posts ? PageModel.ScreenActions(actionsURL: context.formAction, actionsToken: context.formToken) : nil,
            updatesURL: try await updatesURL(observing: page.topics, identity: context.identity),
            windowCookie: windowCookieName(isHTTPS: context.request.isHTTPS),
            window: page.window
        )
        var html = HTMLBuffer(capacity: 8192 + content.count)
        try render(model, template: "navigation/page", into: &html)
        return .html(html.bytes, status: page.status)
    }

    /// A screen's content; its topics join the page's.
    func render(_ screen: Screen, observing topics: inout Set<Topic>) throws -> [UInt8] {
        topics.formUnion(screen.topics)
        var content = HTMLBuffer(capacity: 4096)
        try render(screen.model, template: screen.template, into: &content)
        return content.bytes
    }

    /// A screen's model, whichever type the app chose.
    private func render(_ model: Any, template: String, into buffer: inout HTMLBuffer) throws {
        try reportingTemplateErrors { () throws(TemplateError) in try templates.render(model, template: template, into: &buffer) }
    }

    /// A model whose type is known here (the page's own): no dynamic cast to find its
    /// `TemplateModel` conformance on every page.
    private func render<Model: TemplateModel>(_ model: Model, template: String, into buffer: inout HTMLBuffer) throws {
        try reportingTemplateErrors { () throws(TemplateError) in try templates.render(model, template: template, into: &buffer) }
    }

    /// A template error is the app's bug: a 500 with the message for the log.
    private func reportingTemplateErrors(_ body: () throws(TemplateError) -> Void) throws {
        do {
            try body()
        } catch {
            throw HTTPError(.internalServerError, error.description)
        }
    }

    private nonisolated(nonsending) func screen(
        for state: NavigationState<Schema>, context: ScreenContext<Schema>, page: inout RenderedPage<Schema>
    ) async throws -> Screen {
        do {
            if let top = state.path.last {
                return try await app.screen(for: top, context: context)
            }
            return try await app.root(of: state.selectedTab, context: context)
        } catch let error as HTTPError where error.status.code < 500 {
            page.status = error.status
            page.notice = error.message
            return Screen(title: "Not Found", template: "navigation/empty", model: [String: String]())
        }
    }

    /// The split view of the selected tab, when the app shows it as one: the detail column holds
    /// the last column's selection and the stack above it, or the placeholder.
    private nonisolated(nonsending) func splitModel(
        context: ScreenContext<Schema>, page: inout RenderedPage<Schema>, detailTitle: String, detail: [UInt8],
        toolbar: PageModel.Toolbar, pushedBack: PageModel.Link?
    ) async throws -> PageModel.Split? {
        let state = context.state
        guard let split = try await app.splitColumns(for: state.selectedTab, context: context) else { return nil }
        let depth = min(max(split.selectionDepth, 0), state.path.count)
        // The last column's selection heads the detail column's stack; before it is made, the
        // detail column starts above the selections.
        let start = depth > 0 && depth == split.columns.count ? depth - 1 : depth
        // A destination drawn as a push stands on the detail column's stack; its Back dismisses it.
        let hasDetail = state.path.count > start || pushedBack != nil
        let back: PageModel.Link? = pushedBack ?? (state.path.count - 1 > start
            ? PageModel.Link(title: page.title(at: state.path.count - 2), href: context.href(.pop))
            : nil)
        let visibility = state[state.selectedTab].columns
        // Its heading names the detail column (`aria-labelledby`), as the detail's title does.
        var placeholder = split.unavailable
        placeholder.headingID = "detail-title"
        return PageModel.Split(
            columns: try split.columns.map { screen in
                PageModel.Split.Column(title: screen.title, toolbar: PageModel.Toolbar(screen.toolbarItems),
                                       columnSearch: screen.search, content: try render(screen, observing: &page.topics))
            },
            columnCount: split.columns.count + 1,
            visibility: visibility.rawValue,
            sidebarToggles: sidebarToggles(visibility, threeColumns: split.columns.count == 2, context: context),
            detailTitle: hasDetail ? detailTitle : split.placeholder,
            detailBack: back,
            detailToolbar: hasDetail ? toolbar : PageModel.Toolbar(),
            hasDetail: hasDetail,
            detailContent: hasDetail ? detail : [],
            placeholder: placeholder)
    }

    /// The sidebar button, as iPadOS draws it in the bar: Hide Sidebar while the columns show
    /// (to detail only), Show Sidebar while they do not (to all). Automatic visibility hides a
    /// three-column sidebar in a medium window, so there each button shows at the widths where
    /// it is true, chosen by the stylesheet (no script).
    private func sidebarToggles(
        _ visibility: ColumnVisibility, threeColumns: Bool, context: ScreenContext<Schema>
    ) -> [PageModel.Split.SidebarToggle] {
        let hide = { (widths: String?) in
            PageModel.Split.SidebarToggle(title: "Hide Sidebar", href: context.href(.setColumns(.detailOnly)), widths: widths)
        }
        let show = { (widths: String?) in
            PageModel.Split.SidebarToggle(title: "Show Sidebar", href: context.href(.setColumns(.all)), widths: widths)
        }
        switch visibility {
        case .detailOnly: return [show(nil)]
        case .all: return [hide(nil)]
        case .automatic: return threeColumns ? [show("medium-only"), hide("large-only")] : [hide(nil)]
        }
    }

    /// The visible tabs in the user's order, grouped by section, but the (first) search tab,
    /// which sits apart wherever the order puts it, as on iOS and iPadOS; a tab's link leads to
    /// its remembered stack, the selected tab's to its root.
    private func tabBar(
        _ context: ScreenContext<Schema>, showsSelection: Bool
    ) -> (groups: [PageModel.TabGroup], search: PageModel.SearchTab?) {
        var groups: [PageModel.TabGroup] = []
        var search: PageModel.SearchTab?
        for tab in context.state.visibleTabs {
            let isSelected = showsSelection && tab == context.state.selectedTab
            // Another tab's link leads to the stack it was left with, kept by value from page to page.
            let href = tab == context.state.selectedTab ? context.href(.selectTab(tab)) : tabLocations.url(of: tab, context.state[tab])
            let item = PageModel.TabItem(
                name: tab.rawValue, title: tab.title, href: href,
                isSelected: isSelected, role: tab.role?.rawValue ?? "",
                systemImage: tab.systemImage?.isEmpty == false ? tab.systemImage : nil,
                compactHref: compactHref(of: tab, context))
            if tab.role == .search, search == nil {
                // The sidebar's field opens the tab's root with the query, and keeps the query
                // while the tab shows it.
                let name = tab.searchQueryName
                search = PageModel.SearchTab(
                    tab: item, action: Location<Schema>(tab: tab).url, queryName: name,
                    query: isSelected ? context.query[name] ?? "" : "")
                continue
            }
            if let last = groups.last, last.sectionTitle == tab.section, tab.section != nil {
                groups[groups.count - 1] = PageModel.TabGroup(sectionTitle: last.sectionTitle, tabs: last.tabs + [item])
            } else {
                groups.append(PageModel.TabGroup(sectionTitle: tab.section, tabs: [item]))
            }
        }
        return (groups, search)
    }

    /// Where a phone's tab bar opens `tab` when its `preferredCompactColumn` is not the screen
    /// it was left on: its stack cut to the column's selections. Nil when that is the same.
    private func compactHref(of tab: Schema.Tab, _ context: ScreenContext<Schema>) -> String? {
        let kept: Int
        switch tab.preferredCompactColumn {
        case .detail: return nil
        case .content: kept = 1
        case .sidebar: kept = 0
        }
        let tabState = context.state[tab]
        guard tab != context.state.selectedTab, tabState.path.count > kept else { return nil }
        // `[.selectTab(tab), .replace(kept screens)]`, written without applying them to a copy of
        // the whole state: the tab's stack cut, its selection and columns kept, nothing presented.
        return Location<Schema>(
            tab: tab, path: Array(tabState.path.elements.prefix(kept)), selection: tabState.selection, columns: tabState.columns
        ).url
    }

    /// The tab's root, then every pushed screen (titled from what validating the stack looked
    /// up); each links to the screen it names (`.popToRoot`, `.popTo` its element), the last is
    /// current. A stack deeper than `Crumb.shownAtMost` screens keeps the root, the first screen
    /// and the last two, with a "…" between them that leads to the deepest screen it stands
    /// for: a breadcrumb wrapping over many lines helps no one, and its links, each as long as
    /// the stack, would grow the page with the square of the depth.
    func breadcrumbs(for context: ScreenContext<Schema>, page: RenderedPage<Schema>) -> [PageModel.Crumb] {
        let state = context.state
        let count = state.path.count + 1
        func crumb(_ depth: Int) -> PageModel.Crumb {
            PageModel.Crumb(
                title: depth == 0 ? state.selectedTab.title : page.title(at: depth - 1),
                href: context.links.stackURL(depth: depth), isCurrent: depth == count - 1)
        }
        guard count > PageModel.Crumb.shownAtMost else { return (0..<count).map(crumb) }
        let hidden = 2..<count - 2
        let deepest = crumb(hidden.upperBound - 1)
        let before = hidden.count - 1
        let collapsed = PageModel.Crumb(
            title: deepest.title, href: deepest.href, isCurrent: false,
            collapsed: "\(deepest.title), and \(before) more screen\(before == 1 ? "" : "s") before it")
        return [crumb(0), crumb(1), collapsed] + (hidden.upperBound..<count).map(crumb)
    }
}
