/// The JSON state shape that outside tools rely on:
///
/// ```json
/// {"selectedTab": "home",
///  "tabs": {"home": {"path": [{"orderHistory": {}}, {"orderDetail": {"orderId": "ORD-001"}}]}, …},
///  "presentation": {"style": "sheet", "destination": {"search": {}}, "path": [], "detent": "large"}}
/// ```
///
/// A presentation over another is the `presentation` of the one it covers, so the chain reads
/// from the outside in: `{"style": "sheet", "destination": {"orderSheet": …}, "path": [],
/// "presentation": {"style": "sheet", "destination": {"editOrder": …}, …}}`.
///
/// Routes and destinations appear in their own `Codable` form (Swift's synthesized form for
/// enums). Every tab is listed; unknown tabs are ignored when decoding. `tabOrder`, `hiddenTabs`
/// and `features` give the tab customization and feature flags. A sheet's presentation says the
/// detent it rests at. `owner` is there only while someone is signed in (see ``bind(to:)``).
extension NavigationState: Codable {
    private enum CodingKeys: String, CodingKey { case selectedTab, tabs, presentation, tabOrder, hiddenTabs, features, context, owner, flow, sceneStorage }
    private enum PresentationKeys: String, CodingKey { case style, destination, path, detent, presentation }

    private struct TabKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let tabName = try container.decode(String.self, forKey: .selectedTab)
        guard let selectedTab = Schema.Tab(rawValue: tabName) else {
            throw DecodingError.dataCorruptedError(
                forKey: .selectedTab, in: container, debugDescription: "Unknown tab \(tabName)")
        }
        self.init(selectedTab: selectedTab)
        if container.contains(.tabs) {
            let tabs = try container.nestedContainer(keyedBy: TabKey.self, forKey: .tabs)
            for key in tabs.allKeys {
                guard let tab = Schema.Tab(rawValue: key.stringValue) else { continue }
                self[tab] = try tabs.decode(TabState<Schema.Route>.self, forKey: key)
            }
        }
        let order = try container.decodeIfPresent([String].self, forKey: .tabOrder) ?? []
        let hidden = try container.decodeIfPresent([String].self, forKey: .hiddenTabs) ?? []
        customization = TabCustomization(
            order: order.compactMap(Schema.Tab.init(rawValue:)), hidden: Set(hidden.compactMap(Schema.Tab.init(rawValue:))))
        features = Set(try container.decodeIfPresent([String].self, forKey: .features) ?? [])
        context = try container.decodeIfPresent(String.self, forKey: .context)
        owner = try container.decodeIfPresent(String.self, forKey: .owner)
        flow = try container.decodeIfPresent(Schema.Draft.self, forKey: .flow)
        sceneStorage = try container.decodeIfPresent([String: String].self, forKey: .sceneStorage) ?? [:]
        if container.contains(.presentation), try !container.decodeNil(forKey: .presentation) {
            var level = try container.nestedContainer(keyedBy: PresentationKeys.self, forKey: .presentation)
            while true {
                presentations.append(Presentation(
                    try level.decode(Schema.Destination.self, forKey: .destination),
                    path: try level.decodeIfPresent([Schema.Route].self, forKey: .path) ?? [],
                    detent: try level.decodeIfPresent(PresentationDetent.self, forKey: .detent)))
                guard presentations.count < Schema.presentationBound, level.contains(.presentation),
                      try !level.decodeNil(forKey: .presentation) else { break }
                level = try level.nestedContainer(keyedBy: PresentationKeys.self, forKey: .presentation)
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(selectedTab.rawValue, forKey: .selectedTab)
        var tabs = container.nestedContainer(keyedBy: TabKey.self, forKey: .tabs)
        for tab in Schema.Tab.allCases {
            try tabs.encode(self[tab], forKey: TabKey(stringValue: tab.rawValue))
        }
        try container.encode(customization.arranged.map { $0.rawValue }, forKey: .tabOrder)
        try container.encode(customization.hidden.map { $0.rawValue }.sorted(), forKey: .hiddenTabs)
        try container.encode(features.sorted(), forKey: .features)
        try container.encode(context, forKey: .context)
        try container.encodeIfPresent(owner, forKey: .owner)
        try container.encode(flow, forKey: .flow)  // null when no flow is under way
        try container.encode(sceneStorage, forKey: .sceneStorage)
        if let first = presentations.first {
            var level = container.nestedContainer(keyedBy: PresentationKeys.self, forKey: .presentation)
            try Self.encode(first, into: &level)
            for presented in presentations.dropFirst() {
                level = level.nestedContainer(keyedBy: PresentationKeys.self, forKey: .presentation)
                try Self.encode(presented, into: &level)
            }
        } else {
            try container.encodeNil(forKey: .presentation)
        }
    }

    private static func encode(
        _ presented: Presentation<Schema>, into container: inout KeyedEncodingContainer<PresentationKeys>
    ) throws {
        try container.encode(presented.destination.style, forKey: .style)
        try container.encode(presented.destination, forKey: .destination)
        try container.encode(presented.path, forKey: .path)
        try container.encodeIfPresent(presented.detent, forKey: .detent)
    }
}
