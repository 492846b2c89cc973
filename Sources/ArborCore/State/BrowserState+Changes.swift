extension BrowserState {
    /// After a list was read again: marks on items that went away are dropped, and the footer says what went
    /// (the focused item, which the focus left for its nearest neighbour, and the marks).
    mutating func noteGone(from before: ChildList, now after: ChildList, focused: [NodeHandle]) {
        let remaining = Set(after.arrivedHandles)
        let gone = before.arrivedHandles.filter { !remaining.contains($0) }
        guard !gone.isEmpty else { return }
        var unmarked = 0
        if selection.count > 0 {
            let below = gone.flatMap(RelativeQueries(store: store).descendants(of:))
            unmarked = selection.remove(Set((gone + below).map { store[$0].id }))
        }
        var notes: [String] = []
        if let item = focused.first(where: { !remaining.contains($0) }) {
            notes.append("“\(store[item].title)” went away")
        }
        if unmarked > 0 { notes.append(unmarked == 1 ? "1 marked item went away" : "\(unmarked) marked items went away") }
        if !notes.isEmpty { message = notes.joined(separator: "; ") }
    }

    /// The ids whose lists of children are on screen (the open levels' and the outline's expanded items) and
    /// the focused item's: what a source that watches for changes watches.
    package var watchedIDs: Set<String> {
        var handles = shownParents
        if let focusedItem { handles.insert(focusedItem) }
        handles.remove(NodeStore.placeholder)
        return Set(handles.map { store[$0].id })
    }

    /// The nodes whose lists of children are on screen, as the layout shows them (the synthetic top excluded).
    var shownParents: Set<NodeHandle> {
        layout.projection.shownParents(in: navigation).subtracting([NodeStore.top])
    }

    /// The items open on screen: the levels' expanded items, or the outline's open rows.
    package var openItems: Set<NodeHandle> {
        layout.projection.shownParents(in: navigation).subtracting([navigation.topParent, NodeStore.top])
    }

    /// Whether anything on screen is loading: the root, or a list of children shown.
    package var showsLoading: Bool {
        loads.root.isLoading || layout.projection.shownParents(in: navigation).contains { store[$0].childLoad.isLoading }
    }

    /// Every list on screen read again as one batch, keeping the store: unchanged items stay where they are,
    /// new ones come in, removed ones go, the focus and marks follow by id. Lists not on screen are read again
    /// when they are next opened.
    mutating func refreshShown() -> [BrowserEffect] {
        let shown = shownParents
        store.markChildrenStale(except: shown.union([NodeStore.top]))
        var effects: [BrowserEffect] = []
        if let root = navigation.root, !navigation.rootIsVirtual { effects += requestItem(root) }
        for handle in shown where store[handle].children != nil {
            effects += requestChildren(of: handle)
        }
        return effects
    }
}
