import HTMLTemplates

extension PageModel {
    /// A `ToolbarItem` as a bar draws it.
    struct ToolbarButton {
        let title: String
        let systemImage: String?
        /// Where a link leads; nil for a button that submits a form.
        let href: String?
        /// The `id` of the form a submit button belongs to; nil for a link.
        let formID: String?
        /// The `_action` a button posts through the page's `screen-actions` form; nil for a link
        /// or a form's submit button.
        let postAction: String?
        /// The action a form's submit button posts in place of the form's own (`_submitter`);
        /// nil for the form's own submit, a link, or a post.
        let submitterAction: String?
        /// Whether it is a link (`href` may otherwise find an enclosing model's).
        var isLink: Bool { href != nil }
        /// What a submit button says while its post is on its way (the script shows it).
        let pendingTitle: String?
        /// The class that draws it bold (`confirm`) or red (`destructive`); nil for plain.
        let emphasis: String?
        /// The button that presented the popover or dialog showing (``PresentationSource``).
        var isPresentationSource = false
        /// Its `view-transition-name` as a zoom's source.
        let zoomSource: String?

        init(_ item: ToolbarItem) {
            title = item.title
            systemImage = item.systemImage
            switch item.action {
            case .link(let href): self.href = href; formID = nil; pendingTitle = nil; postAction = nil; submitterAction = nil
            case .submit(let form, let pending):
                href = nil; formID = form; pendingTitle = pending; postAction = nil; submitterAction = nil
            case .submitAs(let form, let action):
                href = nil; formID = form; pendingTitle = nil; postAction = nil; submitterAction = action
            case .post(let action): href = nil; formID = nil; pendingTitle = nil; postAction = action; submitterAction = nil
            }
            emphasis = item.placement.emphasis?.rawValue
            zoomSource = item.zoomName
        }
    }

    /// A screen's toolbar items by the part of the bar they sit in, each part in the screen's
    /// order.
    struct Toolbar {
        var leading: [ToolbarButton] = []
        var principal: [ToolbarButton] = []
        var trailing: [ToolbarButton] = []
        var bottom: [ToolbarButton] = []
        /// Whether an item is a presented screen's way out (``ToolbarItemPlacement/dismisses``).
        private(set) var dismisses = false

        init(_ items: [ToolbarItem] = []) {
            for item in items {
                let button = ToolbarButton(item)
                switch item.placement.slot {
                case .leading: leading.append(button)
                case .principal: principal.append(button)
                case .trailing: trailing.append(button)
                case .bottom: bottom.append(button)
                }
                dismisses = dismisses || item.placement.dismisses
            }
        }

        /// Whether a button posts through the page's `screen-actions` form.
        var posts: Bool { [leading, principal, trailing, bottom].contains { $0.contains { $0.postAction != nil } } }

        /// Whether the bar has a part above the content: a column draws none otherwise.
        var hasTop: Bool { !(leading.isEmpty && principal.isEmpty && trailing.isEmpty) }

        /// Marks the first button that leads to the presentation, unless one was marked.
        mutating func mark(_ source: inout PresentationSource) {
            source.mark(in: &leading)
            source.mark(in: &principal)
            source.mark(in: &trailing)
            source.mark(in: &bottom)
        }
    }
}

extension PageModel.Split {
    /// Marks the first link in its columns, left to right, that leads to the presentation.
    mutating func mark(_ source: inout PresentationSource) {
        for index in columns.indices {
            columns[index].toolbar.mark(&source)
            source.mark(in: &columns[index].content)
        }
        detailToolbar.mark(&source)
        source.mark(in: &detailContent)
    }
}

extension PageModel.ToolbarButton: TemplateModel {
    static let templateFields = TemplateFields<Self>([
        "title": .text(\.title),
        "systemImage": .text(\.systemImage),
        "href": .text(\.href),
        "formID": .text(\.formID),
        "pendingTitle": .text(\.pendingTitle),
        "postAction": .text(\.postAction),
        "isLink": .flag { $0.isLink },
        "emphasis": .text(\.emphasis),
        "isPresentationSource": .flag(\.isPresentationSource),
        "submitterAction": .text(\.submitterAction),
        "zoomSource": .text(\.zoomSource),
    ])
}

extension PageModel.Toolbar: TemplateModel {
    static let templateFields = TemplateFields<Self>([
        "leading": .list(\.leading),
        "principal": .list(\.principal),
        "trailing": .list(\.trailing),
        "bottom": .list(\.bottom),
        "hasTop": .flag { $0.hasTop },
        "hasPrincipal": .flag { !$0.principal.isEmpty },
        "hasBottom": .flag { !$0.bottom.isEmpty },
    ])
}
