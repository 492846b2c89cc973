extension BrowserState {
    /// Narrows the focused column to the items matching `query`.
    mutating func filterFocusedColumn(_ query: String) -> [BrowserEffect] {
        message = nil
        guard columns.indices.contains(focusedColumn) else { return [] }
        let matcher = TextMatcher(query)
        let parent = columns[focusedColumn].parent
        if store[parent].unloadedChildren > 0 { return filterPagedColumn(matcher) }
        var candidates = store.children(of: parent)
        if let previous = columns[focusedColumn].filter, matcher.narrows(previous.matcher) {
            candidates = ChildList(previous.matches)
        }
        let matches: [NodeHandle] = candidates.filter { matcher.matches(store[$0].title) }
        columns[focusedColumn].filter = ColumnFilter(matcher: matcher, matches: matches)
        refocusByIdentity(column: focusedColumn)
        if matches.isEmpty { message = "no match" }
        return []
    }

    /// Shows the whole column again with the same item focused.
    mutating func clearFilter() -> [BrowserEffect] {
        message = nil
        guard columns.indices.contains(focusedColumn) else { return [] }
        dropFilter(column: focusedColumn)
        return []
    }

    /// Shows the whole list of a filtered column again, focused on the item it was on.
    mutating func dropFilter(column index: Int) {
        guard columns[index].filter != nil else { return }
        // A paged filter knows where its focused match is among the children: no search through them.
        if let place = childPositions(ofRows: [columns[index].focus], in: columns[index]).first {
            columns[index].focus = place
        }
        columns[index].filter = nil
        refocusByIdentity(column: index)
    }

    /// Finds the focused item of a column again among its items, or focuses the first; cuts the path when
    /// the expanded item changed.
    mutating func refocusByIdentity(column index: Int) {
        let items = items(in: index)
        var column = columns[index]
        if let item = column.focusedItem, let position = Self.position(of: item, in: items, near: column.focus) {
            column.focus = position
            column.focusedItem = items[position]
        } else {
            column.focus = 0
            column.scroll = 0
            column.focusedItem = items.first ?? column.focusedItem
        }
        columns[index] = column
        keepFocusVisible(in: index)
        if index + 1 < columns.count, columns[index + 1].parent != column.focusedItem {
            columns.removeSubrange((index + 1)...)
        }
    }

    /// Recomputes the matches of a filtered column after its items changed.
    mutating func refreshFilter(column index: Int) {
        guard let filter = columns[index].filter else { return }
        if filter.positions != nil || filter.isMatching { return refreshPagedFilter(column: index) }
        let matches: [NodeHandle] = store.children(of: columns[index].parent).filter { filter.matcher.matches(store[$0].title) }
        columns[index].filter = ColumnFilter(matcher: filter.matcher, matches: matches)
    }

    /// Moves the focus to the next item after the focus (or before it) whose title matches, wrapping around.
    mutating func findNext(_ query: String, forward: Bool, includingFocus: Bool) -> [BrowserEffect] {
        message = nil
        let matcher = TextMatcher(query)
        let projection = layout.projection
        guard let titles = projection.list(in: self), titles.count > 0 else { return [] }
        let current = titles.focus
        let step = forward ? 1 : titles.count - 1
        var position = includingFocus ? min(current, titles.count - 1) : (current + step) % titles.count
        for _ in 0..<titles.count {
            if matcher.matches(store[titles[position]].title) {
                projection.move(by: position - current, in: &self)
                if !includingFocus, (forward && position <= current) || (!forward && position >= current) {
                    message = "search wrapped"
                }
                return []
            }
            position = (position + step) % titles.count
        }
        message = "no match for '\(query)'"
        return []
    }
}
