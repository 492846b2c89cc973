/// The rules the navigation keeps, whatever changed it: a projection's move, an answer, a change of the source.
extension Navigation {
    /// Cuts the expanded path after `level`: the levels below it go (nothing when there are none).
    mutating func cut(after level: Int) {
        if level + 1 < levels.count { levels.removeSubrange((level + 1)...) }
    }

    /// Focuses `item`, at `position` of the list of `level` (`count` items long), keeping it on screen; focusing
    /// another item than the one focused cuts the path below the level.
    mutating func focus(_ item: NodeHandle?, at position: Int, in level: Int, count: Int) {
        if levels[level].focusedItem != item { cut(after: level) }
        levels[level].focus = position
        levels[level].focusedItem = item
        keepPageVisible(in: level, count: count)
    }

    /// Scrolls `level`, whose list is `count` items long, so that its focused item is on screen and no row is
    /// left empty needlessly.
    mutating func keepPageVisible(in level: Int, count: Int) {
        var current = levels[level]
        if current.focus < current.scroll { current.scroll = current.focus }
        if current.focus >= current.scroll + itemsPerPage { current.scroll = current.focus - itemsPerPage + 1 }
        current.scroll = max(0, min(current.scroll, count - itemsPerPage))
        levels[level] = current
    }

    /// Keeps the focused level among the levels and the row of levels on screen scrolled to show it, no slot left
    /// empty needlessly.
    mutating func keepFocusedLevelVisible() {
        guard !levels.isEmpty else {
            focusedLevel = 0
            levelOffset = 0
            return
        }
        focusedLevel = min(max(focusedLevel, 0), levels.count - 1)
        if focusedLevel < levelOffset { levelOffset = focusedLevel }
        if focusedLevel >= levelOffset + visibleColumns { levelOffset = focusedLevel - visibleColumns + 1 }
        levelOffset = max(0, min(levelOffset, levels.count - visibleColumns))
    }

    /// Makes `level` agree with its list as the store has it now: its focused item found again by identity near
    /// where it was, else the focus kept in range (`fallback` nil) or put on the first item (`fallback` 0); the
    /// path cut below the level where the item it expanded is no longer focused. `listKnown` says whether the
    /// list was read, so that an empty one focuses nothing.
    mutating func reconcile(level: Int, with items: ChildList, listKnown: Bool, fallback: Int? = nil) {
        var current = levels[level]
        if let item = current.focusedItem, let position = Self.position(of: item, in: items, near: current.focus) {
            current.focus = position
            current.focusedItem = items[position]
        } else if items.isEmpty {
            current.focus = 0
            current.scroll = 0
            if listKnown { current.focusedItem = nil }
        } else if let fallback {
            current.focus = fallback
            current.scroll = 0
            current.focusedItem = items[fallback]
        } else {
            current.focus = min(max(current.focus, 0), items.count - 1)
            current.focusedItem = items[current.focus]
        }
        levels[level] = current
        keepPageVisible(in: level, count: items.count)
        if level + 1 < levels.count, levels[level + 1].parent != current.focusedItem { cut(after: level) }
    }

    /// Where `item` is among `items`, looked for first at `near` (a list with placeholders is long; a placeholder
    /// is where it was), else nil.
    static func position(of item: NodeHandle, in items: ChildList, near: Int) -> Int? {
        if item == NodeStore.placeholder { return items.indices.contains(near) ? near : nil }
        if items.indices.contains(near), items[near] == item { return near }
        return items.firstIndex(of: item)
    }
}
