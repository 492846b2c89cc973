extension BrowserState {
    /// Narrows the focused level to the items matching `query`.
    mutating func filterFocusedColumn(_ query: String) -> [BrowserEffect] {
        message = nil
        guard navigation.levels.indices.contains(navigation.focusedLevel) else { return [] }
        let matcher = TextMatcher(query)
        let parent = navigation.levels[navigation.focusedLevel].parent
        if store[parent].unloadedChildren > 0 { return filterPagedColumn(matcher) }
        var candidates = store.children(of: parent)
        if let previous = navigation.levels[navigation.focusedLevel].filter, matcher.narrows(previous.matcher) {
            candidates = ChildList(previous.matches)
        }
        let matches: [NodeHandle] = candidates.filter { matcher.matches(store[$0].title) }
        navigation.levels[navigation.focusedLevel].filter = LevelFilter(matcher: matcher, matches: matches)
        refocusByIdentity(level: navigation.focusedLevel)
        if matches.isEmpty { message = "no match" }
        return []
    }

    /// Shows the whole column again with the same item focused.
    mutating func clearFilter() -> [BrowserEffect] {
        message = nil
        guard navigation.levels.indices.contains(navigation.focusedLevel) else { return [] }
        dropFilter(level: navigation.focusedLevel)
        return []
    }

    /// Shows the whole list of a filtered level again, focused on the item it was on.
    mutating func dropFilter(level index: Int) {
        guard navigation.levels[index].filter != nil else { return }
        // A paged filter knows where its focused match is among the children: no search through them.
        if let place = childPositions(ofRows: [navigation.levels[index].focus], in: navigation.levels[index]).first {
            navigation.levels[index].focus = place
        }
        navigation.levels[index].filter = nil
        refocusByIdentity(level: index)
    }

    /// Finds the focused item of a level again among its items, or focuses the first; cuts the path when
    /// the expanded item changed.
    mutating func refocusByIdentity(level index: Int) {
        navigation.reconcile(level: index, with: items(in: index), listKnown: false, fallback: 0)
    }

    /// Recomputes the matches of a filtered level after its items changed.
    mutating func refreshFilter(level index: Int) {
        guard let filter = navigation.levels[index].filter else { return }
        if filter.positions != nil || filter.isMatching { return refreshPagedFilter(level: index) }
        let matches: [NodeHandle] = store.children(of: navigation.levels[index].parent).filter { filter.matcher.matches(store[$0].title) }
        navigation.levels[index].filter = LevelFilter(matcher: filter.matcher, matches: matches)
    }

    /// Moves the focus to the next item after the focus (or before it) whose title matches, wrapping around.
    mutating func stepToMatch(_ query: String, forward: Bool, includingFocus: Bool) -> [BrowserEffect] {
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
