/// The navigation as columns side by side: one level a level, the focus moving within the focused level and
/// from column to column.
struct ColumnsProjection: NavigationProjection {
    var entersOpenedItems: Bool { true }
    var narrowsToFilter: Bool { true }

    func move(by delta: Int, in navigation: inout Navigation, store: NodeStore) {
        guard navigation.levels.indices.contains(navigation.focusedLevel) else { return }
        let target = navigation.levels[navigation.focusedLevel].focus.addingReportingOverflow(delta)
        let position = target.overflow ? (delta > 0 ? Int.max : Int.min) : target.partialValue
        navigation.setFocus(level: navigation.focusedLevel, to: position, store: store)
    }

    func focus(index: Int?, level: Int, in navigation: inout Navigation, store: NodeStore) {
        guard navigation.levels.indices.contains(level) else { return }
        navigation.focusedLevel = level
        navigation.setFocus(level: level, to: index ?? navigation.levels[level].focus, store: store)
    }

    func openOrClose(in navigation: inout Navigation, store: NodeStore) -> [NavigationAsk] {
        guard navigation.levels.indices.contains(navigation.focusedLevel) else { return [] }
        return navigation.open(level: navigation.focusedLevel, store: store)
    }

    func nextLevel(in navigation: inout Navigation, store: NodeStore) -> [NavigationAsk] {
        if navigation.focusedLevel + 1 < navigation.levels.count {
            navigation.focusedLevel += 1
            return []
        }
        return openOrClose(in: &navigation, store: store)
    }

    func previousLevel(in navigation: inout Navigation, store: NodeStore) -> [NavigationAsk] {
        if navigation.focusedLevel > 0 {
            navigation.focusedLevel -= 1
            return []
        }
        guard navigation.mayHaveLevelBeforeFirst(store: store), let first = navigation.levels.first?.focusedItem else {
            return navigation.levels.isEmpty ? [] : [.message("top of the hierarchy")]
        }
        return store[first].parentLoad.isLoading ? [] : [.parent(of: first)]
    }

    func list(in navigation: Navigation, store: NodeStore) -> FocusList? {
        guard navigation.levels.indices.contains(navigation.focusedLevel) else { return nil }
        return FocusList(navigation.items(in: navigation.focusedLevel, store: store), focus: navigation.levels[navigation.focusedLevel].focus)
    }

    func shownParents(in navigation: Navigation) -> Set<NodeHandle> {
        Set(navigation.levels.map(\.parent))
    }

    func settle(_ navigation: inout Navigation, store: NodeStore, reshaped: Set<NodeHandle>) -> [NavigationAsk] {
        navigation.keepFocusedLevelVisible()
        var asks: [NavigationAsk] = []
        let shown = navigation.levelOffset..<min(navigation.levels.count, navigation.levelOffset + navigation.visibleColumns)
        for index in shown where store[navigation.levels[index].parent].unloadedChildren > 0 {
            let level = navigation.levels[index]
            let rows = Array(level.scroll..<(level.scroll + navigation.itemsPerPage)) + [level.focus]
            asks.append(.pages(of: level.parent, children: level.filter == nil ? rows : level.childPositions(ofRows: rows)))
        }
        return asks
    }
}
