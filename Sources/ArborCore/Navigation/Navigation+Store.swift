/// The navigation kept in agreement with the store it reads: what a level lists, a focus set by position, a
/// level opened, every level reconciled after the lists changed, the levels' filters.
extension Navigation {
    /// The items listed in a level: its parent's children, or those matching its filter.
    func items(in level: Int, store: NodeStore) -> ChildList {
        guard let filter = levels[level].filter else { return store.children(of: levels[level].parent) }
        return ChildList(filter.matches)
    }

    /// The item of a level that is expanded into the next level, if any.
    func expandedItem(in level: Int) -> NodeHandle? {
        level + 1 < levels.count ? levels[level + 1].parent : nil
    }

    /// Whether the previous level of the first level may exist (its parent has not been ruled out).
    func mayHaveLevelBeforeFirst(store: NodeStore) -> Bool {
        guard !rootIsVirtual, let first = levels.first?.focusedItem else { return false }
        let node = store[first]
        return node.parent == nil && node.parentLoad != .loaded
    }

    /// Focuses an item of a level by index, kept in range; a different item cuts the expanded path after the level.
    mutating func setFocus(level index: Int, to position: Int, store: NodeStore) {
        let items = items(in: index, store: store)
        guard !items.isEmpty else { return }
        let clamped = min(max(position, 0), items.count - 1)
        focus(items[clamped], at: clamped, in: index, count: items.count)
    }

    /// Opens the focused item of a level into the next level, focused when the layout enters what it opens
    /// (the levels; the outline keeps the focus on the item); nothing for a leaf.
    mutating func open(level index: Int, store: NodeStore) -> [NavigationAsk] {
        let focused = levels[index].focusedItem
        if focused == NodeStore.placeholder { return [] }
        guard let item = focused, store[item].childCount != 0 else {
            return focused == nil ? [] : [.message("no children")]
        }
        if expandedItem(in: index) != item {
            cut(after: index)
            levels.append(Level(parent: item))
            reconcileLevels(with: store)
        }
        focusedLevel = layout.projection.entersOpenedItems ? index + 1 : index
        return [.children(of: item)]
    }

    /// Makes every level agree with the store: each level's list read again (a filter's matches recomputed), its
    /// focus found again by identity, the path cut where an expanded item is gone.
    mutating func reconcileLevels(with store: NodeStore) {
        var index = 0
        while index < levels.count {
            if levels[index].filter != nil {
                refreshFilter(level: index, store: store)
                refocusByIdentity(level: index, store: store)
            } else {
                let parent = levels[index].parent
                reconcile(level: index, with: store.children(of: parent), listKnown: store[parent].children != nil)
            }
            index += 1
        }
        if focusedLevel >= levels.count { focusedLevel = max(0, levels.count - 1) }
    }

    /// Finds the focused item of a level again among its items, or focuses the first; cuts the path when the
    /// expanded item changed.
    mutating func refocusByIdentity(level index: Int, store: NodeStore) {
        reconcile(level: index, with: items(in: index, store: store), listKnown: false, fallback: 0)
    }

    /// Recomputes the matches of a filtered level after its items changed.
    mutating func refreshFilter(level index: Int, store: NodeStore) {
        guard let filter = levels[index].filter else { return }
        if filter.positions != nil || filter.isMatching { return refreshPagedFilter(level: index, store: store) }
        let matches: [NodeHandle] = store.children(of: levels[index].parent).filter { filter.matcher.matches(store[$0].title) }
        levels[index].filter = LevelFilter(matcher: filter.matcher, matches: matches)
    }

    /// The matches of a paged filter from their positions, as the pages holding them have arrived.
    mutating func refreshPagedFilter(level index: Int, store: NodeStore) {
        guard var filter = levels[index].filter, let positions = filter.positions else { return }
        let children = store.children(of: levels[index].parent)
        filter.matches = positions.compactMap { children.indices.contains(Int($0)) ? children[Int($0)] : nil }
        levels[index].filter = filter
    }

    /// Shows the whole list of a filtered level again, focused on the item it was on.
    mutating func dropFilter(level index: Int, store: NodeStore) {
        guard levels[index].filter != nil else { return }
        // A paged filter knows where its focused match is among the children: no search through them.
        if let place = levels[index].childPositions(ofRows: [levels[index].focus]).first {
            levels[index].focus = place
        }
        levels[index].filter = nil
        refocusByIdentity(level: index, store: store)
    }
}
