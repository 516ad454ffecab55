extension NavigationState {
    /// Applies `action`. Stack and tab changes also dismiss the presentation, since a
    /// presentation belongs to the screen it covers.
    public mutating func apply(_ action: NavigationAction<Schema>) {
        switch action {
        case .push(let route):
            path.append(route)
            presentation = nil
        case .pop:
            path.removeLast()
            presentation = nil
        case .popTo(let id):
            guard path.pop(to: id) else { return }
            presentation = nil
        case .popToRoot:
            path.removeAll()
            presentation = nil
        case .replace(let routes):
            path.replace(with: routes)
            presentation = nil
        case .selectTab(let tab):
            if tab == selectedTab {
                path.removeAll()
            } else {
                selectedTab = tab
            }
            presentation = nil
        case .select(let selection):
            self[selectedTab] = TabState(selection: selection, columns: self[selectedTab].columns)
            presentation = nil
        case .switchContext(let newContext):
            guard newContext != context else { return }
            context = newContext
            sceneStorage = [:]
            // A flow begun in the old context (its draft: a name typed in onboarding) is not the new one's.
            flow = nil
            for tab in Schema.Tab.allCases { self[tab] = TabState(columns: self[tab].columns) }
            presentation = nil
        case .clearHistory:
            for tab in Schema.Tab.allCases { self[tab] = TabState(columns: self[tab].columns) }
            selectedTab = Schema.defaultTab
            presentation = nil
            selectVisibleTab()
        case .recordFlow(let draft):
            flow = draft
        case .clearFlow:
            flow = nil
        case .setSceneStorage(let key, let value):
            sceneStorage[key] = value
        case .setFeature(let name, let isOn):
            if isOn { features.insert(name) } else { features.remove(name) }
            selectVisibleTab()
        case .moveTab(let tab, let offset):
            customization.move(tab, by: offset)
        case .setTabHidden(let tab, let hidden):
            guard tab.canBeHidden || !hidden else { return }
            if hidden { customization.hidden.insert(tab) } else { customization.hidden.remove(tab) }
            selectVisibleTab()
        case .resetTabs:
            customization = .appDefault
            selectVisibleTab()
        case .setColumns(let columns):
            self[selectedTab].columns = columns
            presentation = nil
        case .present(let destination):
            presentation = destination
        case .presentOver(let destination):
            guard presentations.count < Schema.presentationBound,
                  presentations.last?.destination != destination else { return }
            presentations.append(Presentation(destination))
        case .dismiss:
            presentations.removeLast(presentations.isEmpty ? 0 : 1)
        case .dismissAll:
            presentations = []
        case .dismissScreen:
            if let top = presentations.last {
                apply(top.path.isEmpty ? .dismiss : .popPresented)
            } else {
                apply(.pop)
            }
        case .setDetent(let detent):
            guard !presentations.isEmpty else { return }
            presentations[presentations.count - 1].moveDetent(to: detent)
        case .pushPresented(let route):
            guard !presentations.isEmpty else { return }
            presentations[presentations.count - 1].path.append(route)
        case .popPresented:
            guard !presentations.isEmpty else { return }
            presentations[presentations.count - 1].path.removeLast()
        case .open(let location):
            selectedTab = location.tab
            self[location.tab] = TabState(
                path: StackState(location.path), selection: location.selection, columns: location.columns)
            presentations = Array(location.presentations.prefix(Schema.presentationBound))
        }
    }

    /// Keeps the selection on a tab the tab bar shows.
    private mutating func selectVisibleTab() {
        guard !isVisible(selectedTab), let first = visibleTabs.first else { return }
        selectedTab = first
        presentation = nil
    }

    /// The state after `action`; `self` is unchanged. Links are built from this:
    /// `state.applying(.push(route)).url`.
    public func applying(_ action: NavigationAction<Schema>) -> Self {
        var copy = self
        copy.apply(action)
        return copy
    }

    /// Every tab that is not at its root, in the schema's tab order.
    public var visitedTabs: [Schema.Tab] {
        Schema.Tab.allCases.filter { !self[$0].isEmpty }
    }
}
