extension ChildPaging {
    /// Pages put into long lists between two passes that let the pages far from the screen go.
    package static let pagesBetweenDrops = 64
    /// How many rows either side of a level's screenful keep their pages.
    package static let keptMargin = pageSize
}

extension NodeStore {
    /// Whether nothing is being asked about a node and it lists no children, so that it can be let go.
    func isIdle(_ handle: NodeHandle) -> Bool {
        let node = self[handle]
        return node.children == nil && node.childLoad == .unloaded && !node.itemLoad.isLoading && !node.parentLoad.isLoading
    }

    /// Lets go of an arrived page of a paged list and of the nodes read for it; its rows are placeholders again.
    mutating func dropPage(_ page: Int, of owner: NodeHandle) {
        guard var children = self[owner].children else { return }
        let held = children.handles(ofPage: page).filter { $0 != Self.placeholder }
        self[owner].children = nil
        children.dropPage(page)
        self[owner].children = children
        self[owner].unloadedChildren += held.count
        for handle in held { release(handle) }
    }

    /// Lets go of a whole list and of the nodes read for it; the list is asked for again when next needed.
    mutating func dropChildren(of owner: NodeHandle) {
        let held = children(of: owner).arrivedHandles.filter { $0 != Self.placeholder }
        forgetChildren(of: owner)
        self[owner].childLoad = .unloaded
        for handle in held { release(handle) }
    }
}

extension BrowserState {
    /// Once enough pages arrived, lets go of the pages of long lists that are far from the screen and that
    /// nothing refers to, with their nodes: a long session holds what its screen shows, not all it has seen.
    /// A page let go is read again, as any placeholder is, when its rows return to the screen; the levels are
    /// reconciled after it (a paged filter's matches are read again from their positions).
    mutating func dropFarPagesWhenDue() {
        guard store.pagesArrivedSinceDrop >= ChildPaging.pagesBetweenDrops else { return }
        store.pagesArrivedSinceDrop = 0
        let kept = referencedHandles()
        let outlined = outlinedLists()
        for owner in store.pagedLists where !outlined.contains(owner) {
            let children = store.children(of: owner)
            for page in children.arrivedPages where page > 0 {
                let droppable = children.handles(ofPage: page).allSatisfy {
                    $0 == NodeStore.placeholder || (!kept.contains($0) && store.isIdle($0))
                }
                if droppable { store.dropPage(page, of: owner) }
            }
        }
    }

    /// The lists the outline shows every row of (none in columns): kept whole, so that a pass costs nothing
    /// per outline row.
    private func outlinedLists() -> Set<NodeHandle> {
        guard navigation.layout == .outline else { return [] }
        return navigation.expanded.union(navigation.pathParents).union([navigation.topParent, navigation.outline.topParent])
    }

    /// The handles the navigation and the requests under way refer to, and the rows near each level's screenful.
    func referencedHandles() -> Set<NodeHandle> {
        var kept = navigation.expanded.union(loads.countsPending)
        for handle in [navigation.root, loads.locating?.parent, loads.parentAskedByNavigation, loads.followingMove] {
            if let handle { kept.insert(handle) }
        }
        for (index, column) in navigation.levels.enumerated() {
            kept.insert(column.parent)
            if let focused = column.focusedItem { kept.insert(focused) }
            if let filter = column.filter, filter.positions == nil { kept.formUnion(filter.matches) }
            let items = items(in: index)
            let near = max(0, column.scroll - ChildPaging.keptMargin)
            let end = min(items.count, column.scroll + navigation.itemsPerPage + ChildPaging.keptMargin)
            if near < end { kept.formUnion(items[near..<end]) }
        }
        return kept
    }
}
