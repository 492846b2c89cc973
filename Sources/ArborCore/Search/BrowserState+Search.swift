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
        let origin = navigation.levels[navigation.focusedLevel].filter.map(\.origin) ?? navigation.levels[navigation.focusedLevel].focusedItem
        navigation.levels[navigation.focusedLevel].filter = LevelFilter(matcher: matcher, matches: matches, origin: origin)
        navigation.refocusByIdentity(level: navigation.focusedLevel, store: store)
        if matches.isEmpty { message = "no match" }
        return []
    }

    /// Shows the whole column again with the same item focused.
    mutating func clearFilter() -> [BrowserEffect] {
        message = nil
        guard navigation.levels.indices.contains(navigation.focusedLevel) else { return [] }
        let level = navigation.focusedLevel
        // Nothing matched: back where the filter began, that item's column open again.
        if let filter = navigation.levels[level].filter, filter.matches.isEmpty, !filter.isMatching, let origin = filter.origin,
           store.holds(origin) {
            navigation.levels[level].filter = nil
            let above = navigation.levels[..<level].compactMap { $0.focusedItem.map { store[$0].id } }
            return reveal(above + [store[origin].id], focusedLevel: level)
        }
        navigation.dropFilter(level: level, store: store)
        return []
    }

    /// Moves the focus to the next item after the focus (or before it) whose title matches, wrapping around.
    mutating func stepToMatch(_ query: String, forward: Bool, includingFocus: Bool) -> [BrowserEffect] {
        message = nil
        let matcher = TextMatcher(query)
        let projection = layout.projection
        guard let titles = projection.list(in: navigation, store: store), titles.count > 0 else { return [] }
        let current = titles.focus
        let step = forward ? 1 : titles.count - 1
        var position = includingFocus ? min(current, titles.count - 1) : (current + step) % titles.count
        for _ in 0..<titles.count {
            if matcher.matches(store[titles[position]].title) {
                projection.move(by: position - current, in: &navigation, store: store)
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
