import MicroHTTP
import Navigation

extension NavigationResponder {
    /// Renders the visible screen inside the chrome: tab bar, navigation bar with the back button,
    /// breadcrumb, and the presentation over it.
    func html(_ page: RenderedPage<Schema>, context: ScreenContext<Schema>) throws -> Response {
        var page = page
        let state = page.state
        let tab = state.selectedTab
        var title = "Not Found"
        var content = ""
        if page.showsScreen {
            let screen = try screen(for: state, context: context, page: &page)
            title = screen.title
            content = try templates.render(screen.model, template: screen.template)
        }
        let presentation = try presentationModel(context: context, page: &page)
        let crumbs = page.showsScreen ? breadcrumbs(for: context) : []
        let back: PageModel.Link? = crumbs.count >= 2
            ? PageModel.Link(title: crumbs[crumbs.count - 2].title, href: context.href(.pop)) : nil
        let model = PageModel(
            title: title,
            appName: app.name,
            canonicalURL: page.state.url,
            back: back,
            breadcrumbs: crumbs,
            hasBreadcrumbs: crumbs.count >= 2,
            tabs: Schema.Tab.allCases.map { item in
                PageModel.TabItem(
                    name: item.rawValue, title: item.title,
                    href: context.href(.selectTab(item)), isSelected: item == tab && page.showsScreen)
            },
            notice: page.notice,
            content: content,
            error: context.isPresented || page.state.presentation != nil ? nil : context.error,
            presentation: presentation
        )
        return .html(try templates.render(model, template: "navigation/page"), status: page.status)
    }

    private func screen(
        for state: NavigationState<Schema>, context: ScreenContext<Schema>, page: inout RenderedPage<Schema>
    ) throws -> Screen {
        do {
            if let top = state.path.last {
                return try app.screen(for: top, context: context)
            }
            return try app.root(of: state.selectedTab, context: context)
        } catch let error as HTTPError where error.status.code < 500 {
            page.status = error.status
            page.notice = error.message
            return Screen(title: "Not Found", template: "navigation/empty", model: [String: String]())
        }
    }

    /// The presentation: its own stack's top screen when it has pushed one (with a back button
    /// inside it), else the destination's screen.
    private func presentationModel(
        context: ScreenContext<Schema>, page: inout RenderedPage<Schema>
    ) throws -> PageModel.Presentation? {
        guard let destination = page.state.presentation else { return nil }
        let inner = context.presenting()
        do {
            let screen: Screen
            var back: PageModel.Link?
            let path = page.state.presentationPath
            if let top = path.last {
                screen = try app.screen(for: top, context: inner)
                let below = path.count >= 2 ? try app.title(for: path[path.count - 2]) : nil
                let rootTitle = try app.screen(for: destination, context: inner).title
                back = PageModel.Link(title: below ?? rootTitle, href: inner.href(.pop))
            } else {
                screen = try app.screen(for: destination, context: inner)
            }
            let style = destination.style
            return PageModel.Presentation(
                style: style.rawValue,
                detent: destination.detents.first?.rawValue ?? "large",
                role: style == .alert || style == .confirmationDialog ? "alertdialog" : "dialog",
                title: screen.title,
                content: try templates.render(screen.model, template: screen.template),
                presentedBack: back,
                dismissHref: context.href(.dismiss),
                showsClose: style != .alert && style != .confirmationDialog)
        } catch let error as HTTPError where error.status.code < 500 {
            page.status = error.status
            page.notice = error.message
            page.state.presentation = nil
            return nil
        }
    }

    /// The tab's root, then every pushed screen; each links to the screen it names by its stable
    /// element ID, and the last is the current one.
    private func breadcrumbs(for context: ScreenContext<Schema>) -> [PageModel.Crumb] {
        let state = context.state
        var crumbs = [PageModel.Crumb(
            title: state.selectedTab.title, href: context.href(.popToRoot), isCurrent: state.path.isEmpty)]
        for (index, id) in state.path.ids.enumerated() {
            let title = (try? app.title(for: state.path[index])) ?? "…"
            crumbs.append(PageModel.Crumb(
                title: title, href: context.href(.popTo(id)), isCurrent: index == state.path.count - 1))
        }
        return crumbs
    }
}
