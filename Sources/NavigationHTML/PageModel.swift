/// The model of `navigation/page.mustache`: the chrome around a screen. Stored properties only,
/// as the template engine reads nothing else.
struct PageModel {
    struct Link {
        let title: String
        let href: String
    }

    struct Crumb {
        let title: String
        let href: String
        let isCurrent: Bool
    }

    struct TabItem {
        let name: String
        let title: String
        let href: String
        let isSelected: Bool
    }

    struct Presentation {
        let style: String
        let title: String
        let content: String
        let dismissHref: String
    }

    let title: String
    let appName: String
    let canonicalURL: String
    let back: Link?
    let breadcrumbs: [Crumb]
    let hasBreadcrumbs: Bool
    let tabs: [TabItem]
    let notice: String?
    /// HTML rendered (and escaped) by the screen's own template.
    let content: String
    let presentation: Presentation?
}
