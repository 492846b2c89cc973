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
        partialGenerations.remove(generation)
        switch result {
        case .failure(let error):
            return childrenLoaded(handle, generation: generation, .failure(error))
        case .success(let paged):
            let first = paged.first.prefix(paged.count).map { store.record($0, parent: handle) }
            store.setPagedChildren(first, count: paged.count, of: handle)
            store[handle].childLoad = .loaded
            reconcileColumns()
            closeLeafRoot()
            return continueReveal() + countRequests(for: handle, items: paged.first)
        }
    }

    /// Puts an arrived page in place of its placeholders.
    mutating func childPageLoaded(
        _ handle: NodeHandle, epoch: Int, start: Int, _ result: Result<[SourceItem], SourceError>
    ) -> [BrowserEffect] {
        pagesLoading.remove(PageRequest(parent: handle, epoch: epoch, start: start))
        guard store[handle].childEpoch == epoch else { return [] }
        switch result {
        case .failure(let error):
            message = error.message
            if locating?.parent == handle { endReveal(at: handle) }
            return []
        case .success(let items):
            store.fillChildren(of: handle, from: start, with: items.map { store.record($0, parent: handle) })
            reconcileColumns()
            if locating?.parent == handle { locating = nil }
            return countRequests(for: handle, items: items) + continueReveal()
        }
    }

    /// Asks the source where a child of a paged list is, for a reveal that waits until its page is in.
    mutating func locate(_ childID: String, in parent: NodeHandle) -> [BrowserEffect] {
        let generation = makeGeneration()
        locating = (parent, generation)
        return [.locateChild(parent, id: store[parent].id, childID: childID, generation: generation)]
    }

    /// Loads the page holding a located child, then lets the reveal go on; a child not found ends it there.
    mutating func childLocated(_ handle: NodeHandle, generation: Int, _ result: Result<Int?, SourceError>) -> [BrowserEffect] {
        guard let waiting = locating, waiting.parent == handle, waiting.generation == generation else { return [] }
        locating = nil
        let children = store.children(of: handle)
        guard case .success(let position?) = result, children.indices.contains(position),
              children[position] == NodeStore.placeholder else {
            if case .failure(let error) = result { message = error.message }
            endReveal(at: handle)
            return []
        }
        let page = ChildPaging.page(holding: position, count: children.count)
        let request = PageRequest(parent: handle, epoch: store[handle].childEpoch, start: page.lowerBound)
        locating = (handle, generation)
        guard pagesLoading.insert(request).inserted else { return [] }
        return [.loadChildPage(handle, id: store[handle].id, range: page, epoch: request.epoch)]
    }

    /// Ends a reveal at the column listing `parent`: what it could not find there stays unopened.
    private mutating func endReveal(at parent: NodeHandle) {
        locating = nil
        finishReveal(at: columns.firstIndex { $0.parent == parent } ?? 0)
    }

    /// Asks for the pages of children that columns on screen show as placeholders; costs what the screen shows.
    mutating func requestShownPages() -> [BrowserEffect] {
        var effects: [BrowserEffect] = []
        if layout == .columns {
            let shown = columnOffset..<min(columns.count, columnOffset + visibleColumns)
            for index in shown where columns[index].filter == nil {
                let column = columns[index]
                effects += requestPages(of: column.parent, rows: column.scroll..<(column.scroll + itemsPerPage), focus: column.focus)
            }
        }
        return effects
    }

    /// Asks for the pages of a parent's children holding placeholders among `rows` or at `focus`.
    private mutating func requestPages(of parent: NodeHandle, rows: Range<Int>, focus: Int) -> [BrowserEffect] {
        guard store[parent].unloadedChildren > 0 else { return [] }
        let children = store.children(of: parent)
        var effects: [BrowserEffect] = []
        var wanted = Array(rows.clamped(to: 0..<children.count))
        if children.indices.contains(focus) { wanted.append(focus) }
        for index in wanted where children[index] == NodeStore.placeholder {
            let page = ChildPaging.page(holding: index, count: children.count)
            let request = PageRequest(parent: parent, epoch: store[parent].childEpoch, start: page.lowerBound)
            guard pagesLoading.insert(request).inserted else { continue }
            effects.append(.loadChildPage(parent, id: store[parent].id, range: page, epoch: request.epoch))
        }
        return effects
    }

    /// Where `item` is among `items`, looked for first at `near` (a list with placeholders is long).
    static func position(of item: NodeHandle, in items: [NodeHandle], near: Int) -> Int? {
        if item == NodeStore.placeholder { return items.indices.contains(near) ? near : nil }
        if items.indices.contains(near), items[near] == item { return near }
        return items.firstIndex(of: item)
    }
}
