extension BrowserState {
    /// Carries out what a change of the navigation asks: the lists, pages and parents as requests to the
    /// source, the message in the footer.
    mutating func ask(_ asks: [NavigationAsk]) -> [BrowserEffect] {
        var effects: [BrowserEffect] = []
        for ask in asks {
            switch ask {
            case .children(let handle): effects += loadChildrenIfNeeded(handle)
            case .pages(let parent, let children): effects += requestPages(of: parent, children: children)
            case .parent(let handle):
                loads.parentAskedByNavigation = handle
                effects += requestParent(of: handle)
            case .message(let text): message = text
            }
        }
        return effects
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
}
