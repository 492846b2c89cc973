/// A page of children asked for and not yet arrived.
struct PageRequest: Hashable, Sendable {
    let parent: NodeHandle
    let epoch: Int
    let start: Int
}

extension BrowserState {
    /// A long list was counted: its first page is shown and the rest stands in as placeholders until shown.
    mutating func childrenCounted(
        _ handle: NodeHandle, generation: Int, _ result: Result<PagedChildren, SourceError>
    ) -> [BrowserEffect] {
        guard store[handle].childLoad.accepts(generation) else { return [] }
        switch result {
        case .failure(let error):
            return childrenLoaded(handle, generation: generation, .failure(error))
        case .success(let paged):
            let wasPartial = loads.partialGenerations.remove(generation) != nil
            return acceptChildren(of: handle, first: paged.first, count: paged.count, wasPartial: wasPartial, notice: paged.notice)
        }
    }

    /// Puts an arrived page in place of its placeholders.
    mutating func childPageLoaded(
        _ handle: NodeHandle, epoch: Int, start: Int, _ result: Result<[SourceItem], SourceError>
    ) -> [BrowserEffect] {
        let request = PageRequest(parent: handle, epoch: epoch, start: start)
        loads.pagesLoading.remove(request)
        guard store[handle].childEpoch == epoch else { return [] }
        switch result {
        case .failure(let error) where error.isCancellation:
            // Asked again if still shown, when the layout settles.
            return []
        case .failure(let error):
            message = error.message
            loads.pagesFailed.insert(request)
            if loads.locating?.parent == handle { endReveal(at: handle) }
            return []
        case .success(let items):
            store.fillChildren(of: handle, from: start, with: items.map { store.record($0, parent: handle) })
            dropFarPagesWhenDue()
            navigation.reconcileLevels(with: store)
            if loads.locating?.parent == handle { loads.locating = nil }
            return askCounts(for: handle, items: items) + continueReveal()
        }
    }

    /// Asks the source where a child of a paged list is, for a reveal that waits until its page is in.
    mutating func locate(_ childID: String, in parent: NodeHandle) -> [BrowserEffect] {
        let generation = makeGeneration()
        loads.locating = (parent, generation)
        return [.locateChild(parent, id: store[parent].id, childID: childID, generation: generation)]
    }

    /// Loads the page holding a located child, then lets the reveal go on; a child not found ends it there.
    mutating func childLocated(_ handle: NodeHandle, generation: Int, _ result: Result<Int?, SourceError>) -> [BrowserEffect] {
        guard let waiting = loads.locating, waiting.parent == handle, waiting.generation == generation else { return [] }
        loads.locating = nil
        let children = store.children(of: handle)
        guard case .success(let position?) = result, children.indices.contains(position),
              children[position] == NodeStore.placeholder else {
            if case .failure(let error) = result { message = error.message }
            endReveal(at: handle)
            return []
        }
        let page = ChildPaging.page(holding: position, count: children.count)
        let request = PageRequest(parent: handle, epoch: store[handle].childEpoch, start: page.lowerBound)
        loads.locating = (handle, generation)
        guard loads.pagesLoading.insert(request).inserted else { return [] }
        return [.loadChildPage(handle, id: store[handle].id, range: page, epoch: request.epoch)]
    }

    /// Ends a reveal at the level listing `parent`: what it could not find there stays unopened.
    private mutating func endReveal(at parent: NodeHandle) {
        loads.locating = nil
        var level = 0
        if let column = navigation.levels.firstIndex(where: { $0.parent == parent }) { level = column }
        finishReveal(at: level)
    }

    /// Asks for the pages of a parent's children holding placeholders at these positions.
    mutating func requestPages(of parent: NodeHandle, children wanted: [Int]) -> [BrowserEffect] {
        guard store[parent].unloadedChildren > 0 else { return [] }
        let children = store.children(of: parent)
        var effects: [BrowserEffect] = []
        for index in wanted where children.indices.contains(index) && children[index] == NodeStore.placeholder {
            let page = ChildPaging.page(holding: index, count: children.count)
            let request = PageRequest(parent: parent, epoch: store[parent].childEpoch, start: page.lowerBound)
            guard !loads.pagesFailed.contains(request), loads.pagesLoading.insert(request).inserted else { continue }
            effects.append(.loadChildPage(parent, id: store[parent].id, range: page, epoch: request.epoch))
        }
        return effects
    }
}
