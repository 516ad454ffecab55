import Foundation

extension NavigationState {
    /// The state in the JSON shape of its `Codable` conformance, keys sorted: the bytes
    /// `JSONEncoder` with `.sortedKeys` writes. The state's own parts (tabs, stacks, the tab
    /// arrangement, presentations) are written directly, in sorted order, and the app's values
    /// in them (routes, destinations, the flow's draft) by `SortedJSONEncoder`; when one holds
    /// what that does not write (a `Double`, a `Date`, …) or throws, `JSONEncoder` writes the
    /// whole state (or throws, naming where).
    ///
    /// ```swift
    /// let body = try state.sortedJSON()   // {"context":null,"features":[],"flow":null,…}
    /// ```
    public func sortedJSON() throws -> [UInt8] {
        try sortedJSON(cache: nil)
    }

    /// ``sortedJSON()``, the routes' and destinations' JSON taken from `cache` where it holds
    /// them, and kept there where it does not: a server answering the JSON of its states writes
    /// the same routes again and again.
    ///
    /// ```swift
    /// let cache = SortedJSONCache<AppSchema>()
    /// let body = try state.sortedJSON(cache: cache)
    /// ```
    public func sortedJSON(cache: SortedJSONCache<Schema>?) throws -> [UInt8] {
        do {
            var writer = JSONWriter()
            try write(into: &writer, cache: cache)
            return writer.bytes
        } catch {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return Array(try encoder.encode(self))
        }
    }

    /// `encode(to:)`'s members, each as `JSONEncoder` writes it, in its keys' sorted order:
    /// context, features, flow, hiddenTabs, owner, presentation, sceneStorage, selectedTab,
    /// tabOrder, tabs. (A Codable change there must be made here too: `SortedJSONTests`
    /// compares the two on random states.)
    private func write(into writer: inout JSONWriter, cache: SortedJSONCache<Schema>?) throws {
        writer.open("{")
        writer.key("context")
        if let context { writer.string(context) } else { writer.literal("null") }
        writer.key("features")
        writer.sortedStrings(features)
        writer.key("flow")
        if let flow { try writer.encoded(flow) } else { writer.literal("null") }
        writer.key("hiddenTabs")
        writer.sortedStrings(customization.hidden.map { $0.rawValue })
        if let owner { writer.key("owner"); writer.string(owner) }
        writer.key("presentation")
        try Self.write(presentations[...], into: &writer, cache: cache)
        writer.key("sceneStorage")
        writer.object(sceneStorage)
        writer.key("selectedTab")
        writer.string(selectedTab.rawValue)
        writer.key("tabOrder")
        writer.strings(customization.arranged.map { $0.rawValue })
        writer.key("tabs")
        writer.open("{")
        for tab in Schema.Tab.allCases.sorted(by: { $0.rawValue < $1.rawValue }) {
            let tabState = self[tab]
            writer.key(escaping: tab.rawValue)
            writer.open("{")
            if tabState.columns != .automatic { writer.key("columns"); writer.string(tabState.columns.rawValue) }
            writer.key("path")
            try writer.encoded(routes: tabState.path.elements, cache: cache)
            if !tabState.selection.isEmpty { writer.key("selection"); try writer.encoded(routes: tabState.selection, cache: cache) }
            writer.close("}")
        }
        writer.close("}")
        writer.close("}")
    }

    /// The first of `presentations` with the rest nested under its `presentation`, or null.
    private static func write(
        _ presentations: ArraySlice<Presentation<Schema>>, into writer: inout JSONWriter, cache: SortedJSONCache<Schema>?
    ) throws {
        guard let presented = presentations.first else { return writer.literal("null") }
        writer.open("{")
        writer.key("destination")
        if let cache { writer.value(try cache.json(of: presented.destination)) } else { try writer.encoded(presented.destination) }
        if let detent = presented.detent { writer.key("detent"); try writer.encoded(detent) }
        writer.key("path")
        try writer.encoded(routes: presented.path.elements, cache: cache)
        if presentations.count > 1 {
            writer.key("presentation")
            try write(presentations.dropFirst(), into: &writer, cache: cache)
        }
        writer.key("style")
        try writer.encoded(presented.destination.style)
        writer.close("}")
    }
}

extension JSONWriter {
    /// `value` as `SortedJSONEncoder` writes it, in a value's place.
    fileprivate mutating func encoded(_ value: some Encodable) throws {
        try SortedJSONEncoder.encode(value, into: &self)
    }

    /// `routes` as an array, each as `SortedJSONEncoder` writes it, or as `cache` kept it.
    fileprivate mutating func encoded<Schema>(routes: [Schema.Route], cache: SortedJSONCache<Schema>?) throws {
        open("[")
        if let cache {
            for route in routes { value(try cache.json(of: route)) }
        } else {
            for route in routes { try encoded(route) }
        }
        close("]")
    }
}
