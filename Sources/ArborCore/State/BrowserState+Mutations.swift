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
            // The list may have been read again since the source changed: an item it already lists stays once.
            let listed = Set(children.arrivedHandles)
            for pair in pairs.sorted(by: { $0.index < $1.index }) {
                if let known = store.handle(for: pair.item.id), listed.contains(known) { continue }
                let child = store.record(pair.item, parent: handle)
                children.insert(child, at: min(max(pair.index, 0), children.count))
            }
            store.replaceChildren(children, of: handle)
            navigation.reconcileLevels(with: store)
        }
        return []
    }

    mutating func removeChildren(of id: String, at indexes: [Int]) -> [BrowserEffect] {
        guard let handle = store.handle(for: id), let before = store[handle].children else { return [] }
        var children = before
        for index in Set(indexes).sorted(by: >) where children.indices.contains(index) {
            children.remove(at: index)
        }
        return replaceListed(children, of: handle, before: before)
    }

    /// Items of these ids were inserted among the children of `parentID` at these indexes (of its new list):
    /// each is listed at once, once (an id the list has already stays where it is), and its content asked for.
    mutating func insertItems(_ ids: [String], of parentID: String, at indexes: [Int]) -> [BrowserEffect] {
        guard let handle = store.handle(for: parentID) else { return [] }
        guard let before = store[handle].children else { return invalidateChildren(of: parentID) }
        var children = before
        var listed = Set(before.arrivedHandles)
        var effects: [BrowserEffect] = []
        for (id, index) in zip(ids, indexes).sorted(by: { $0.1 < $1.1 }) {
            let child = store.intern(id)
            guard !listed.contains(child) else { continue }
            listed.insert(child)
            store[child].parent = handle
            children.insert(child, at: min(max(index, 0), children.count))
            if store[child].itemLoad != .loaded { effects += requestItem(child) }
        }
        return effects + replaceListed(children, of: handle, before: before)
    }

    /// Items of these ids were removed from the children of `parentID`: each goes wherever the list has it
    /// (an id it no longer has is already gone), with its marks.
    mutating func removeItems(_ ids: [String], of parentID: String) -> [BrowserEffect] {
        guard let handle = store.handle(for: parentID), let before = store[handle].children else { return [] }
        let gone = Set(ids.compactMap(store.handle(for:)))
        var children = before
        for index in children.indices.reversed() where gone.contains(children[index]) {
            children.remove(at: index)
        }
        return replaceListed(children, of: handle, before: before)
    }

    /// Puts a changed list in place: marks of the items it lost go (the footer says so), the levels follow, and a
    /// reading of the list still under way, which may predate the change, is asked again.
    private mutating func replaceListed(_ children: ChildList, of handle: NodeHandle, before: ChildList) -> [BrowserEffect] {
        let focused = navigation.levels.filter { $0.parent == handle }.compactMap(\.focusedItem)
        store.replaceChildren(children, of: handle)
        noteGone(from: before, now: children, focused: focused)
        navigation.reconcileLevels(with: store)
        return store[handle].childLoad.isLoading ? requestChildren(of: handle) : []
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

    /// A paged list gets its exact count: its first page stays, the rest is asked again where it shows (as the
    /// layout settles).
    mutating func resizeChildren(of id: String, count: Int) -> [BrowserEffect] {
        guard let handle = store.handle(for: id), store[handle].children != nil else { return [] }
        store.resizePagedChildren(of: handle, to: max(0, count))
        navigation.reconcileLevels(with: store)
        return []
    }

    mutating func invalidateItems(_ ids: [String]) -> [BrowserEffect] {
        ids.compactMap(store.handle(for:)).flatMap { requestItem($0) }
    }

    mutating func invalidateParent(of id: String) -> [BrowserEffect] {
        guard let handle = store.handle(for: id) else { return [] }
        return requestParent(of: handle)
    }

    /// Whether a level lists the children of this node.
    func isShown(parent handle: NodeHandle) -> Bool {
        navigation.levels.contains { $0.parent == handle }
    }

    mutating func parentLoaded(
        _ handle: NodeHandle, generation: Int, _ result: Result<String?, SourceError>
    ) -> [BrowserEffect] {
        guard store[handle].parentLoad.accepts(generation) else { return [] }
        let byNavigation = loads.parentAskedByNavigation == handle
        if byNavigation { loads.parentAskedByNavigation = nil }
        let atStart = loads.rootParentAskedAtStart == handle
        if atStart { loads.rootParentAskedAtStart = nil }
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
                store.forgetChildren(of: oldParent)
                store[oldParent].childCount = nil
                store[oldParent].childLoad = .unloaded
            }
            if parent == nil, byNavigation { message = "top of the hierarchy" }
            if !byNavigation, let moved = loads.followingMove {
                loads.followingMove = nil
                return followMove(of: moved)
            }
            if byNavigation || parent == nil || atStart { return rebase(handle, under: parent, focusParent: byNavigation) }
            return oldParent == parent ? [] : followMove(of: handle)
        }
    }

    /// Makes the level holding `handle` start a new path from the top: under its new parent, or as the root.
    mutating func rebase(_ handle: NodeHandle, under parent: NodeHandle?, focusParent: Bool) -> [BrowserEffect] {
        guard let position = navigation.levels.firstIndex(where: { $0.focusedItem == handle }) else { return [] }
        if position == 0, parent == nil, navigation.levels[0].parent == NodeStore.top { return [] }
        let tail = Array(navigation.levels[(position + 1)...])
        let relativeFocus = navigation.focusedLevel - position
        var effects: [BrowserEffect] = []
        navigation.rootIsVirtual = false
        if let parent {
            store.setChildren([parent], of: NodeStore.top)
            navigation.root = parent
            navigation.levels = [Level(parent: NodeStore.top, focusedItem: parent), Level(parent: parent, focusedItem: handle)]
            navigation.levels += tail
            navigation.focusedLevel = focusParent ? 0 : max(0, relativeFocus + 1)
            if store[parent].itemLoad == .unloaded { effects += requestItem(parent) }
            effects += requestChildren(of: parent)
        } else {
            store.setChildren([handle], of: NodeStore.top)
            navigation.root = handle
            navigation.levels = [Level(parent: NodeStore.top, focusedItem: handle)] + tail
            navigation.focusedLevel = max(0, relativeFocus)
        }
        navigation.reconcileLevels(with: store)
        return effects
    }
}
