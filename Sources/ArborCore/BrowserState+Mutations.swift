extension BrowserState {
    mutating func insertChildren(of id: String, at indexes: [Int]) -> [BrowserEffect] {
        guard let handle = store.handle(for: id), store[handle].children != nil, !indexes.isEmpty else { return [] }
        return [.loadChildItems(handle, id: id, indexes: indexes.sorted(), epoch: store[handle].childEpoch)]
    }

    mutating func childItemsLoaded(
        _ handle: NodeHandle, epoch: Int, _ result: Result<[IndexedItem], SourceError>
    ) -> [BrowserEffect] {
        guard store[handle].childEpoch == epoch, var children = store[handle].children else { return [] }
        switch result {
        case .failure(let error):
            message = error.message
        case .success(let pairs):
            for pair in pairs.sorted(by: { $0.index < $1.index }) {
                let child = store.record(pair.item, parent: handle)
                children.insert(child, at: min(max(pair.index, 0), children.count))
            }
            store.replaceChildren(children, of: handle)
            reconcileColumns()
        }
        return []
    }

    mutating func removeChildren(of id: String, at indexes: [Int]) -> [BrowserEffect] {
        guard let handle = store.handle(for: id), var children = store[handle].children else { return [] }
        for index in Set(indexes).sorted(by: >) where children.indices.contains(index) {
            children.remove(at: index)
        }
        store.replaceChildren(children, of: handle)
        reconcileColumns()
        return []
    }

    mutating func invalidateChildren(of id: String) -> [BrowserEffect] {
        message = nil
        guard let handle = store.handle(for: id) else { return [] }
        if store[handle].children == nil, !store[handle].childLoad.isLoading, !isShown(parent: handle) {
            store[handle].childLoad = .unloaded
            return recount(handle)
        }
        return requestChildren(of: handle)
    }

    /// Asks again for the number of children of an item listed in its parent's loaded list (its icon's count).
    private func recount(_ handle: NodeHandle) -> [BrowserEffect] {
        guard let parent = store[handle].parent, store[parent].children != nil else { return [] }
        return [.countChildren(parent, ids: [store[handle].id], epoch: store[parent].childEpoch)]
    }

    /// A paged list gets its exact count: its first page stays, the rest is asked again where it shows.
    mutating func resizeChildren(of id: String, count: Int) -> [BrowserEffect] {
        guard let handle = store.handle(for: id), store[handle].children != nil else { return [] }
        store.resizePagedChildren(of: handle, to: max(0, count))
        reconcileColumns()
        return requestShownPages()
    }

    mutating func invalidateItems(_ ids: [String]) -> [BrowserEffect] {
        ids.compactMap(store.handle(for:)).flatMap { requestItem($0) }
    }

    mutating func invalidateParent(of id: String) -> [BrowserEffect] {
        guard let handle = store.handle(for: id) else { return [] }
        return requestParent(of: handle)
    }

    /// Whether a column lists the children of this node.
    func isShown(parent handle: NodeHandle) -> Bool {
        columns.contains { $0.parent == handle }
    }

    mutating func parentLoaded(
        _ handle: NodeHandle, generation: Int, _ result: Result<String?, SourceError>
    ) -> [BrowserEffect] {
        guard store[handle].parentLoad.accepts(generation) else { return [] }
        let byNavigation = parentAskedByNavigation == handle
        if byNavigation { parentAskedByNavigation = nil }
        switch result {
        case .failure(let error):
            store[handle].parentLoad = .failed(error.message)
            message = error.message
            return []
        case .success(let parentID):
            store[handle].parentLoad = .loaded
            let parent = parentID.map { store.intern($0) }
            let oldParent = store[handle].parent
            store[handle].parent = parent
            if let oldParent, oldParent != parent, store[oldParent].children?.contains(handle) == true {
                store[oldParent].children = nil
                store[oldParent].childCount = nil
                store[oldParent].childLoad = .unloaded
            }
            if parent == nil, byNavigation { message = "top of the hierarchy" }
            return rebase(handle, under: parent, focusParent: byNavigation)
        }
    }

    /// Makes the column holding `handle` start a new path from the top: under its new parent, or as the root.
    private mutating func rebase(_ handle: NodeHandle, under parent: NodeHandle?, focusParent: Bool) -> [BrowserEffect] {
        guard let position = columns.firstIndex(where: { $0.focusedItem == handle })
            ?? columns.firstIndex(where: { store.children(of: $0.parent).contains(handle) })
        else { return [] }
        if position == 0, parent == nil, columns[0].parent == NodeStore.top { return [] }
        var tail = Array(columns[(position + 1)...])
        if columns[position].focusedItem != handle { tail = [] }
        let relativeFocus = focusedColumn - position
        var effects: [BrowserEffect] = []
        rootIsVirtual = false
        if let parent {
            store.setChildren([parent], of: NodeStore.top)
            root = parent
            columns = [Column(parent: NodeStore.top, focusedItem: parent), Column(parent: parent, focusedItem: handle)]
            columns += tail
            focusedColumn = focusParent ? 0 : max(0, relativeFocus + 1)
            if store[parent].itemLoad == .unloaded { effects += requestItem(parent) }
            effects += requestChildren(of: parent)
        } else {
            store.setChildren([handle], of: NodeStore.top)
            root = handle
            columns = [Column(parent: NodeStore.top, focusedItem: handle)] + tail
            focusedColumn = max(0, relativeFocus)
        }
        reconcileColumns()
        return effects
    }
}
