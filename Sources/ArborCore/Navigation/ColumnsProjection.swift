/// The navigation as columns side by side: one level a column, the focus moving within the focused column and
/// from column to column.
struct ColumnsProjection: NavigationProjection {
    var entersOpenedItems: Bool { true }

    func move(by delta: Int, in state: inout BrowserState) {
        guard state.columns.indices.contains(state.focusedColumn) else { return }
        let target = state.columns[state.focusedColumn].focus.addingReportingOverflow(delta)
        state.setFocus(column: state.focusedColumn, to: target.overflow ? (delta > 0 ? Int.max : Int.min) : target.partialValue)
    }

    func focus(index: Int?, column: Int, in state: inout BrowserState) {
        guard state.columns.indices.contains(column) else { return }
        state.navigation.focusedLevel = column
        state.setFocus(column: column, to: index ?? state.columns[column].focus)
    }

    func expand(in state: inout BrowserState) -> [BrowserEffect] {
        guard state.columns.indices.contains(state.focusedColumn) else { return [] }
        return state.expand(column: state.focusedColumn)
    }

    func nextLevel(in state: inout BrowserState) -> [BrowserEffect] {
        if state.focusedColumn + 1 < state.columns.count {
            state.navigation.focusedLevel += 1
            return []
        }
        return expand(in: &state)
    }

    func previousLevel(in state: inout BrowserState) -> [BrowserEffect] {
        if state.focusedColumn > 0 {
            state.navigation.focusedLevel -= 1
            return []
        }
        guard state.mayHaveLevelBeforeFirst, let first = state.columns.first?.focusedItem else {
            if !state.columns.isEmpty { state.message = "top of the hierarchy" }
            return []
        }
        if state.store[first].parentLoad.isLoading { return [] }
        state.loads.parentAskedByNavigation = first
        return state.requestParent(of: first)
    }

    func list(in state: BrowserState) -> FocusList? {
        guard state.columns.indices.contains(state.focusedColumn) else { return nil }
        return FocusList(state.items(in: state.focusedColumn), focus: state.columns[state.focusedColumn].focus)
    }

    func filter(_ query: String, in state: inout BrowserState) -> [BrowserEffect] {
        state.filterFocusedColumn(query)
    }

    func shownParents(in state: BrowserState) -> Set<NodeHandle> {
        Set(state.columns.map(\.parent))
    }

    func settle(_ state: inout BrowserState) -> [BrowserEffect] {
        state.store.takeReshapedLists()
        state.keepFocusedColumnVisible()
        var effects: [BrowserEffect] = []
        let shown = state.columnOffset..<min(state.columns.count, state.columnOffset + state.visibleColumns)
        for index in shown where state.store[state.columns[index].parent].unloadedChildren > 0 {
            let column = state.columns[index]
            let rows = Array(column.scroll..<(column.scroll + state.itemsPerPage)) + [column.focus]
            let wanted = column.filter == nil ? rows : state.childPositions(ofRows: rows, in: column)
            effects += state.requestPages(of: column.parent, children: wanted)
        }
        return effects
    }
}
