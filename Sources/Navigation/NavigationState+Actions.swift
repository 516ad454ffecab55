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
        case .setColumns(let columns):
            self[selectedTab].columns = columns
            presentation = nil
        case .present(let destination):
            presentation = destination
        case .dismiss:
            presentation = nil
        case .pushPresented(let route):
            guard presentation != nil else { return }
            presentationPath.append(route)
        case .popPresented:
            presentationPath.removeLast()
        case .open(let location):
            selectedTab = location.tab
            self[location.tab] = TabState(
                path: StackState(location.path), selection: location.selection, columns: location.columns)
            presentation = location.presentation
            presentationPath = location.presentation == nil ? [] : StackState(location.presentationPath)
        }
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
