import MicroHTTP
import Navigation

extension NavigationResponder {
    /// A first presentation drawn as a screen pushed on the stack (``PresentationStyle/navigationDestination``):
    /// its screen, or the top of its own stack, with a Back that pops its stack or dismisses it.
    /// Nil for any other presentation, or when its screen is not found (the page then says why
    /// and shows the stack's screen).
    nonisolated(nonsending) func pushedDestination(
        context: ScreenContext<Schema>, page: inout RenderedPage<Schema>
    ) async throws -> (screen: Screen, back: PageModel.Link?, dismissHref: String)? {
        guard let first = page.state.presentations.first, first.destination.style == .navigationDestination else { return nil }
        let inner = context.presenting(level: 1)
        do {
            let (screen, back) = try await presentedScreen(first, context: inner, page: page)
            let below = page.state.path.isEmpty ? page.state.selectedTab.title : page.title(at: page.state.path.count - 1)
            let dismiss = inner.href(.dismiss)
            return (screen, back ?? PageModel.Link(title: below, href: dismiss), dismiss)
        } catch let error as HTTPError where error.status.code < 500 {
            page.status = error.status
            page.notice = error.message
            page.state.apply(.dismissAll)
            return nil
        }
    }

    /// The presentations, bottom first: each one's own stack's top screen when it has pushed one
    /// (with a back button inside it), else the destination's screen. One whose screen is not
    /// found (a 404 for a deleted item) is left out with those above it, and the page says why.
    nonisolated(nonsending) func presentationModels(
        context: ScreenContext<Schema>, page: inout RenderedPage<Schema>
    ) async throws -> [PageModel.Presentation] {
        var models: [PageModel.Presentation] = []
        let presentations = page.state.presentations
        for (index, presented) in presentations.enumerated() {
            // Drawn in the stack's place (`pushedDestination`), not over it.
            if index == 0, presented.destination.style == .navigationDestination { continue }
            do {
                let model = try await presentationModel(
                    presented, level: index + 1, isTop: index == presentations.count - 1, context: context, page: &page)
                // Over another presentation, one drawn as a push is pushed inside it.
                if presented.destination.style == .navigationDestination, let below = models.popLast() {
                    models.append(below.pushing(model))
                } else {
                    models.append(model)
                }
            } catch let error as HTTPError where error.status.code < 500 {
                page.status = error.status
                page.notice = error.message
                for _ in index..<presentations.count { page.state.apply(.dismiss) }
                break
            }
        }
        return models
    }

    private nonisolated(nonsending) func presentationModel(
        _ presented: Presentation<Schema>, level: Int, isTop: Bool, context: ScreenContext<Schema>,
        page: inout RenderedPage<Schema>
    ) async throws -> PageModel.Presentation {
        let destination = presented.destination
        let inner = context.presenting(level: level)
        let (screen, back) = try await presentedScreen(presented, context: inner, page: page)
        let style = destination.style
        let toolbar = PageModel.Toolbar(screen.toolbarItems)
        let detent = presented.detent ?? .large
        return PageModel.Presentation(
            level: level,
            isCovered: !isTop,
            style: style.rawValue,
            detent: detent.rawValue,
            grabber: grabber(for: presented, context: inner),
            role: style == .alert || style == .confirmationDialog ? "alertdialog" : "dialog",
            title: screen.title,
            content: try render(screen, observing: &page.topics),
            presentedBack: back,
            dismissHref: inner.href(.dismiss),
            // The screen's own Cancel or Done is its way out; Close would be a second.
            showsClose: style != .alert && style != .confirmationDialog && !toolbar.dismisses,
            dismissesInteractively: style != .alert && !screen.isInteractiveDismissDisabled,
            toolbar: toolbar,
            presentationZoom: screen.transition.zoomName,
            presentationSearch: screen.search,
            // Over the screen only: a presentation beneath another stays inert while covered.
            interactsBehind: level == 1 && style == .sheet && screen.backgroundInteraction.allows(at: detent),
            interactsUpThrough: level == 1 && style == .sheet ? screen.backgroundInteraction.upThrough?.rawValue : nil,
            staysPopover: style == .popover && screen.compactAdaptation == .popover)
    }

    /// Where a popover or a confirmation dialog is looked for on the screen behind it: the URL
    /// that presents it there. Other presentations are not drawn at their source.
    func presentationSource(of state: NavigationState<Schema>) -> PresentationSource? {
        guard let destination = state.presentation,
              destination.style == .popover || destination.style == .confirmationDialog else { return nil }
        var location = state.location
        location.presentations = [Presentation(destination)]
        return PresentationSource(href: location.url)
    }

    /// The link that moves a sheet with several detents to its next one, and back from the last
    /// to the first: the sheet's grabber.
    private func grabber(for presented: Presentation<Schema>, context: ScreenContext<Schema>) -> PageModel.Grabber? {
        let destination = presented.destination
        let detents = destination.detents
        guard destination.style == .sheet, detents.count > 1, let detent = presented.detent,
              let index = detents.firstIndex(of: detent) else { return nil }
        let next = detents[(index + 1) % detents.count]
        let label = { (target: PresentationDetent) in target == .large ? "Expand sheet" : "Shrink sheet" }
        return PageModel.Grabber(
            href: context.href(.setDetent(next)), label: label(next),
            detent: next.rawValue, returnLabel: label(detent))
    }

    /// What a presentation shows: its own stack's top screen when it has pushed one, with a back
    /// button to the screen below it, else the destination's screen.
    private nonisolated(nonsending) func presentedScreen(
        _ presented: Presentation<Schema>, context inner: ScreenContext<Schema>, page: RenderedPage<Schema>
    ) async throws -> (Screen, PageModel.Link?) {
        let path = presented.path
        guard let top = path.last else { return (try await app.screen(for: presented.destination, context: inner), nil) }
        let screen = try await app.screen(for: top, context: inner)
        // The screen below's title was asked with the page's (`resolve`); a destination's own
        // screen is not a route, so its title comes with it.
        let below: String
        if path.count >= 2 {
            let route = path[path.count - 2]
            if let known = page.titles[route] { below = known } else { below = try await app.title(for: route, identity: inner.identity) }
        } else {
            below = try await app.screen(for: presented.destination, context: inner).title
        }
        return (screen, PageModel.Link(title: below, href: inner.href(.pop)))
    }
}
