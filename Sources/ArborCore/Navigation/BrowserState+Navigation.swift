extension BrowserState {
    /// Focuses an item of a level by index; a different item cuts the expanded path after the level.
    mutating func setFocus(level index: Int, to position: Int) {
        let items = items(in: index)
        guard !items.isEmpty else { return }
        let clamped = min(max(position, 0), items.count - 1)
        navigation.focus(items[clamped], at: clamped, in: index, count: items.count)
    }

    /// Opens the focused item of a level into the next level, focused when the layout enters what it opens
    /// (the levels; the outline keeps the focus on the item); nothing for a leaf.
    mutating func expand(level index: Int) -> [BrowserEffect] {
        let focused = navigation.levels[index].focusedItem
        if focused == NodeStore.placeholder { return [] }
        guard let item = focused, store[item].childCount != 0 else {
            if focused != nil { message = "no children" }
            return []
        }
        if expandedItem(in: index) != item {
            navigation.cut(after: index)
            navigation.levels.append(Level(parent: item))
            reconcileLevels()
        }
        navigation.focusedLevel = layout.projection.entersOpenedItems ? index + 1 : index
        return loadChildrenIfNeeded(item)
    }

    /// Asks for the children of the focused item, never asked for before, when it has at least one and at most
    /// `prefetchLimit`: the listing waits in the store, and expanding the item shows it at once. The lists read
    /// ahead for items the focus has left are let go first.
    mutating func prefetchFocused() -> [BrowserEffect] {
        dropReadAheadLeft()
        guard let item = focusedItem, let count = store[item].childCount, (1...Self.prefetchLimit).contains(count),
              store[item].childLoad == .unloaded else { return [] }
        loads.readAhead.insert(item)
        return requestChildren(of: item)
    }

    /// The most children an item may have for them to be read ahead.
    static let prefetchLimit = 256

    /// Asks for the children of a node unless they are loaded or on their way.
    mutating func loadChildrenIfNeeded(_ handle: NodeHandle) -> [BrowserEffect] {
        switch store[handle].childLoad {
        case .loaded, .loading: return []
        case .unloaded, .failed: return requestChildren(of: handle)
        }
    }

    /// Asks for the children of a node, replacing any request under way.
    mutating func requestChildren(of handle: NodeHandle) -> [BrowserEffect] {
        let generation = makeGeneration()
        store[handle].childLoad = .loading(generation: generation)
        return [.loadChildren(handle, id: store[handle].id, generation: generation)]
    }

    /// Asks for the content of a node.
    mutating func requestItem(_ handle: NodeHandle) -> [BrowserEffect] {
        let generation = makeGeneration()
        store[handle].itemLoad = .loading(generation: generation)
        return [.loadItem(handle, id: store[handle].id, generation: generation)]
    }

    /// Asks for the parent of a node.
    mutating func requestParent(of handle: NodeHandle) -> [BrowserEffect] {
        let generation = makeGeneration()
        store[handle].parentLoad = .loading(generation: generation)
        return [.loadParent(handle, id: store[handle].id, generation: generation)]
    }

    /// Makes every level agree with the store: each level's list read again (a filter's matches recomputed), its
    /// focus found again by identity, the path cut where an expanded item is gone.
    mutating func reconcileLevels() {
        var index = 0
        while index < navigation.levels.count {
            if navigation.levels[index].filter != nil {
                refreshFilter(level: index)
                refocusByIdentity(level: index)
            } else {
                let parent = navigation.levels[index].parent
                navigation.reconcile(level: index, with: store.children(of: parent), listKnown: store[parent].children != nil)
            }
            index += 1
        }
        if navigation.focusedLevel >= navigation.levels.count { navigation.focusedLevel = max(0, navigation.levels.count - 1) }
    }
}
