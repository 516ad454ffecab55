import Foundation
import HTMLTemplates

/// A searchable screen's field, as `navigation/search` draws it: a `GET` form to the screen
/// itself that keeps every other argument of its URL.
struct SearchField: Sendable {
    struct Argument: Sendable {
        let name: String
        let value: String
    }

    /// The screen's path.
    let action: String
    /// The other query arguments of the screen's URL, kept as hidden fields.
    let hidden: [Argument]
    /// The argument the field submits (`ScreenContext.searchQueryName`).
    let name: String
    let text: String
    let prompt: String
}

extension Screen {
    /// This screen with a search field, as SwiftUI's `.searchable(text:prompt:)`: at the foot of
    /// a phone's screen and atop a wide window's, with `prompt` as its placeholder and accessible
    /// name. What was searched for is `context.searchText`, in the URL (`q`, or `presented-q` in a
    /// presentation), so results are a link like any other screen; the screen's links and forms
    /// keep it. A list searched with no rows shows `ContentUnavailable.search(text:)`, unless it
    /// has an empty state of its own.
    ///
    /// ```swift
    /// let text = context.searchText
    /// let found = recipes.filter { text.isEmpty || $0.name.localizedCaseInsensitiveContains(text) }
    /// return .list("Recipes", sections: [ListSection(rows: found.map(row))])
    ///     .searchable(prompt: "Recipes", context: context)
    /// ```
    public consuming func searchable<Schema>(prompt: String = "Search", context: ScreenContext<Schema>) -> Screen {
        var screen = self
        let name = context.searchQueryName
        let text = context.searchText
        let url = context.formAction
        let parts = url.split(separator: "?", maxSplits: 1)
        let hidden = parts.count < 2 ? [] : parts[1].split(separator: "&").compactMap { pair -> SearchField.Argument? in
            let halves = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
            guard halves.count == 2, halves[0] != name else { return nil }
            return SearchField.Argument(name: halves[0], value: halves[1])
        }
        screen.search = SearchField(action: String(parts[0]), hidden: hidden, name: name, text: text, prompt: prompt)
        if !text.isEmpty, var list = screen.model as? ListScreen, list.unavailable == nil {
            list.unavailable = .search(text: text)
            screen.model = list
        }
        return screen
    }
}

extension SearchField: TemplateModel {
    static let templateFields = TemplateFields<Self>([
        "action": .text(\.action),
        "hidden": .list(\.hidden),
        "name": .text(\.name),
        "text": .text(\.text),
        "prompt": .text(\.prompt),
    ])
}

extension SearchField.Argument: TemplateModel {
    static let templateFields = TemplateFields<Self>([
        "name": .text(\.name),
        "value": .text(\.value),
    ])
}
