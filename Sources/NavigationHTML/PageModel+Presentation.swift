extension PageModel.Presentation {
    /// This presentation with `pushed`, a destination drawn as a push over it
    /// (``PresentationStyle/navigationDestination``), in its place: its title, content, bar and
    /// search, and a Back that closes it. Close still closes this presentation, with it.
    func pushing(_ pushed: Self) -> Self {
        Self(
            level: level, isCovered: pushed.isCovered, style: style, detent: detent, grabber: grabber, role: role,
            title: pushed.title, content: pushed.content,
            presentedBack: pushed.presentedBack ?? PageModel.Link(title: title, href: pushed.dismissHref),
            dismissHref: dismissHref, showsClose: showsClose, dismissesInteractively: dismissesInteractively,
            toolbar: pushed.toolbar, presentationZoom: presentationZoom, presentationSearch: pushed.presentationSearch,
            interactsBehind: interactsBehind, interactsUpThrough: interactsUpThrough, staysPopover: staysPopover,
            isAnchored: isAnchored)
    }
}
