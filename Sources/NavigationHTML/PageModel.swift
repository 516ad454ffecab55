/// The model of `navigation/page.mustache`: the chrome around a screen. The template reads it
/// through `PageModel+TemplateModel.swift`.
struct PageModel {
    struct Link {
        let title: String
        let href: String
    }

    struct Crumb {
        /// A deeper breadcrumb shows its first and last crumbs and a "…" for the rest.
        static let shownAtMost = 5

        let title: String
        let href: String
        let isCurrent: Bool
        /// For the "…" that stands for screens left out: what it leads to, and how many more.
        var collapsed: String? = nil
    }

    struct TabItem {
        let name: String
        let title: String
        let href: String
        let isSelected: Bool
        /// "search" for the search tab, else empty.
        let role: String
        /// `Tab.systemImage`: the stylesheet's `.symbol-<name>` draws it.
        let systemImage: String?
        /// Where a phone's tab bar leads instead of `href` (`Tab.preferredCompactColumn`); nil
        /// when both lead to the same screen.
        let compactHref: String?
    }

    /// The tab whose role is `.search`, set apart from the others as iOS 26 and iPadOS draw
    /// `Tab(role: .search)`: a round button at the trailing end of a phone's tab bar, and a
    /// search field atop a wide window's sidebar that submits to the tab's root.
    struct SearchTab {
        let tab: TabItem
        /// The search tab's root, where the field submits.
        let action: String
        /// `Tab.searchQueryName`: the query argument the field submits.
        let queryName: String
        /// The search text the search tab shows, for the field to keep; else empty.
        let query: String
    }

    /// Consecutive tabs of one `TabSection` (a sidebar heading in wide windows).
    struct TabGroup {
        let sectionTitle: String?
        let tabs: [TabItem]
    }

    struct Presentation {
        /// Its place in the chain, 1 for the first: what its ids and stacking order name.
        let level: Int
        /// Under another presentation: drawn, but inert until the one over it closes.
        let isCovered: Bool
        let style: String
        /// The sheet detent it rests at: `medium` or `large`.
        let detent: String
        /// For a sheet with several detents, the link to its next one.
        let grabber: Grabber?
        /// `alertdialog` for alerts and confirmation dialogs, else `dialog`.
        let role: String
        let title: String
        let content: [UInt8]
        /// Back within the presentation's own stack. Not named `back`: a nil value would let the
        /// template find the page's own back button instead.
        let presentedBack: Link?
        let dismissHref: String
        /// Alerts and dialogs close through their buttons only.
        let showsClose: Bool
        /// Whether a click behind it, Escape and a drag down close it; not for an alert, nor a
        /// screen that asks `interactiveDismissDisabled()`.
        let dismissesInteractively: Bool
        /// The presented screen's own toolbar, drawn in the presentation's bar.
        var toolbar: Toolbar
        /// Its `view-transition-name` when it zooms out of its source (`NavigationTransition`).
        let presentationZoom: String?
        /// The presented screen's search field.
        let presentationSearch: SearchField?
        /// Whether the screen behind stays usable at the detent it rests at (not inert, not
        /// dimmed, the sheet not modal).
        let interactsBehind: Bool
        /// For the script, which moves the sheet in place: the highest detent at which the
        /// screen behind is usable; nil when it never is.
        let interactsUpThrough: String?
        /// A popover that stays one on a phone (`PresentationAdaptation.popover`).
        let staysPopover: Bool
        /// A popover or dialog drawn at the link that presented it, in a wide window.
        var isAnchored = false
    }

    /// A sheet's grabber: a link to the same screen with the sheet at its next detent. The
    /// script that moves the sheet in place swaps `href` with the page's URL and `label` with
    /// `returnLabel`, which names going back to the detent it rests at now.
    struct Grabber {
        let href: String
        let label: String
        let detent: String
        let returnLabel: String
    }

    /// A tab's split view: its leading columns, then the detail column.
    struct Split {
        struct Column {
            let title: String
            var toolbar: Toolbar
            let columnSearch: SearchField?
            var content: [UInt8]
        }

        /// The bar's sidebar button (iPadOS's sidebar toggle): "Hide Sidebar" or "Show Sidebar",
        /// a link to the same screen with the columns shown or not.
        struct SidebarToggle {
            let title: String
            let href: String
            /// `medium-only` or `large-only` when it shows at one of a wide window's widths only
            /// (where automatic visibility hides a three-column sidebar, or does not); nil for both.
            let widths: String?
        }

        var columns: [Column]
        let columnCount: Int
        let visibility: String
        let sidebarToggles: [SidebarToggle]
        let detailTitle: String
        let detailBack: Link?
        /// The visible screen's toolbar, drawn above the detail it shows.
        var detailToolbar: Toolbar
        let hasDetail: Bool
        var detailContent: [UInt8]
        let placeholder: ContentUnavailable
    }

    /// The form that buttons posting an action submit (`form="screen-actions"`, their own
    /// `name="_action"`): one per page, with the page's token.
    struct ScreenActions {
        let actionsURL: String
        let actionsToken: String
    }

    /// A stylesheet's URL.
    struct Stylesheet: Sendable {
        let href: String
    }

    let title: String
    /// "light", "dark", or "system".
    let colorScheme: String
    /// How the screen moved from the one before (`NavigationMovement`'s raw value), which the
    /// stylesheet's view transitions select on.
    let transition: String
    let appName: String
    let stylesheet: String
    /// The app's own stylesheets, after the library's.
    let appStylesheets: [Stylesheet]
    let script: String
    let canonicalURL: String
    let back: Link?
    /// The visible screen's toolbar, drawn in the navigation bar and the bottom bar.
    let toolbar: Toolbar
    /// The visible screen's `view-transition-name` when it zooms out of its source: the stack's,
    /// or in a wide split view the detail column's.
    let screenZoom: String?
    /// The visible screen's search field, atop its content (at its foot on a phone).
    let screenSearch: SearchField?
    /// Whether the visible screen's title is in the bar from the start (`TitleDisplayMode.inline`).
    let isTitleInline: Bool
    let breadcrumbs: [Crumb]
    let hasBreadcrumbs: Bool
    /// The visible tabs but the search tab, which `searchTab` holds.
    let tabGroups: [TabGroup]
    let searchTab: SearchTab?
    let notice: String?
    /// HTML rendered (and escaped) by the screen's own template.
    let content: [UInt8]
    /// Why a form on the screen was rejected (forms in a presentation show their own).
    let error: String?
    /// The top presentation, the one the person acts on.
    let presentation: Presentation?
    /// The presentations beneath the top one, bottom first.
    let coveredPresentations: [Presentation]
    /// Whether the screen behind the presentations is inert (not while each lets it be used).
    let coversApp: Bool
    let split: Split?
    /// The app's ``BottomAccessory``, on every tab.
    let accessory: Accessory?
    /// Present when a button on the page posts an action.
    let screenActions: ScreenActions?
    /// The page's update stream (`LiveUpdates`), when its screens observe topics.
    let updatesURL: String?
    /// The cookie in which the script names its window (`StoredState.window`).
    let windowCookie: String
    /// The window whose state the page shows, nil when its request named none.
    let window: String?
}
