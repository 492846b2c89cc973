extension BrowserState {
    /// Lets go of the lists read ahead for items the focus has left, with their nodes, unless the screen shows
    /// them or something refers to their items: a session moving over many items holds the list of the one it
    /// rests on, not of all it passed. A list let go is read ahead again when the focus rests on its item again;
    /// one the screen has shown is kept as any shown list is, and a paged one's far pages go as any list's do.
    mutating func dropReadAheadLeft() {
        guard !loads.readAhead.isEmpty else { return }
        let shown = shownParents
        var kept: Set<NodeHandle>?
        for owner in loads.readAhead where owner != focusedItem {
            if store[owner].childLoad.isLoading { continue }
            if !shown.contains(owner), store[owner].childLoad == .loaded, let children = store[owner].children, !children.isPaged {
                let referenced = kept ?? referencedHandles()
                kept = referenced
                guard children.allSatisfy({ !referenced.contains($0) && store.isIdle($0) }) else { continue }
                store.dropChildren(of: owner)
            }
            loads.readAhead.remove(owner)
        }
    }
}
