/// The navigation as columns side by side: one level a level, the focus moving within the focused level and
/// from column to column.
struct ColumnsProjection: NavigationProjection {
    var entersOpenedItems: Bool { true }

    func move(by delta: Int, in state: inout BrowserState) {
        guard state.navigation.levels.indices.contains(state.navigation.focusedLevel) else { return }
        let target = state.navigation.levels[state.navigation.focusedLevel].focus.addingReportingOverflow(delta)
        state.setFocus(level: state.navigation.focusedLevel, to: target.overflow ? (delta > 0 ? Int.max : Int.min) : target.partialValue)
    }

    func focus(index: Int?, level: Int, in state: inout BrowserState) {
        guard state.navigation.levels.indices.contains(level) else { return }
        state.navigation.focusedLevel = level
        state.setFocus(level: level, to: index ?? state.navigation.levels[level].focus)
    }

    func openOrClose(in state: inout BrowserState) -> [BrowserEffect] {
        guard state.navigation.levels.indices.contains(state.navigation.focusedLevel) else { return [] }
        return state.expand(level: state.navigation.focusedLevel)
    }

    func nextLevel(in state: inout BrowserState) -> [BrowserEffect] {
        if state.navigation.focusedLevel + 1 < state.navigation.levels.count {
            state.navigation.focusedLevel += 1
            return []
        }
        return openOrClose(in: &state)
    }

    func previousLevel(in state: inout BrowserState) -> [BrowserEffect] {
        if state.navigation.focusedLevel > 0 {
            state.navigation.focusedLevel -= 1
            return []
        }
        guard state.mayHaveLevelBeforeFirst, let first = state.navigation.levels.first?.focusedItem else {
            if !state.navigation.levels.isEmpty { state.message = "top of the hierarchy" }
            return []
        }
        if state.store[first].parentLoad.isLoading { return [] }
        state.loads.parentAskedByNavigation = first
        return state.requestParent(of: first)
    }

    func list(in state: BrowserState) -> FocusList? {
        guard state.navigation.levels.indices.contains(state.navigation.focusedLevel) else { return nil }
        return FocusList(state.items(in: state.navigation.focusedLevel), focus: state.navigation.levels[state.navigation.focusedLevel].focus)
    }

    func filter(_ query: String, in state: inout BrowserState) -> [BrowserEffect] {
        state.filterFocusedColumn(query)
    }

    func shownParents(in state: BrowserState) -> Set<NodeHandle> {
        Set(state.navigation.levels.map(\.parent))
    }

    func settle(_ state: inout BrowserState) -> [BrowserEffect] {
        state.store.takeReshapedLists()
        state.navigation.keepFocusedLevelVisible()
        var effects: [BrowserEffect] = []
        let shown = state.navigation.levelOffset..<min(state.navigation.levels.count, state.navigation.levelOffset + state.navigation.visibleColumns)
        for index in shown where state.store[state.navigation.levels[index].parent].unloadedChildren > 0 {
            let column = state.navigation.levels[index]
            let rows = Array(column.scroll..<(column.scroll + state.navigation.itemsPerPage)) + [column.focus]
            let wanted = column.filter == nil ? rows : state.childPositions(ofRows: rows, in: column)
            effects += state.requestPages(of: column.parent, children: wanted)
        }
        return effects
    }
}
