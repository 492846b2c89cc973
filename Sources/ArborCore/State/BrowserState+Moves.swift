extension BrowserState {
    /// Shows an item given a new parent where it now is: the path from the root down to it as the store knows it,
    /// a link it does not know asked of the source (one at a time, coming back here), and the levels open below
    /// it. An item whose new path does not reach the root starts a path of its own under its new parent, as ←
    /// past the first level would.
    mutating func followMove(of moved: NodeHandle) -> [BrowserEffect] {
        guard let newParent = store[moved].parent, let root = navigation.root else { return [] }
        var path = [moved]
        var current = newParent
        while current != root, path.count <= Self.deepestMove {
            path.append(current)
            guard let above = store[current].parent, above != NodeStore.top else {
                guard store[current].parentLoad == .loaded || store[current].parentLoad.failureMessage != nil else {
                    loads.followingMove = moved
                    return requestParent(of: current)
                }
                return rebase(moved, under: newParent, focusParent: false)
            }
            current = above
        }
        guard current == root else { return rebase(moved, under: newParent, focusParent: false) }
        var effects: [BrowserEffect] = []
        if store[newParent].children?.contains(moved) == false {
            // Its list predates the move: read again, it lists the item. The first level's list (a virtual
            // root's) is opened by no level above it, so it is asked for here.
            store.forgetChildren(of: newParent)
            store[newParent].childLoad = .unloaded
            if newParent == navigation.levels.first?.parent { effects = requestChildren(of: newParent) }
        }
        // The levels open below the item stay open, the focus where it was among them.
        var below: [String] = []
        if let level = navigation.levels.firstIndex(where: { $0.focusedItem == moved }), level < navigation.focusedLevel {
            below = navigation.levels[(level + 1)...navigation.focusedLevel].compactMap { $0.focusedItem.map { store[$0].id } }
        }
        let top = navigation.rootIsVirtual ? [] : [store[root].id]
        return effects + revealFromTop(top + path.reversed().map { store[$0].id } + below)
    }

    /// How many levels a moved item's new path is followed up before it is taken to be outside the root.
    static let deepestMove = 10_000
}
