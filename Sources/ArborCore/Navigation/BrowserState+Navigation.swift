extension BrowserState {
    /// Focuses an item of a column by index; a different item cuts the expanded path after the column.
    mutating func setFocus(column index: Int, to position: Int) {
        let items = items(in: index)
        guard !items.isEmpty else { return }
        let clamped = min(max(position, 0), items.count - 1)
        let item = items[clamped]
        if columns[index].focusedItem != item, index + 1 < columns.count {
            columns.removeSubrange((index + 1)...)
        }
        columns[index].focus = clamped
        columns[index].focusedItem = item
        keepFocusVisible(in: index)
    }

    /// Opens the focused item of a column into the next column, focused when the layout enters what it opens
    /// (the columns; the outline keeps the focus on the item); nothing for a leaf.
    mutating func expand(column index: Int) -> [BrowserEffect] {
        if columns[index].focusedItem == NodeStore.placeholder { return [] }
        guard let item = columns[index].focusedItem, store[item].childCount != 0 else {
            if columns[index].focusedItem != nil { message = "no children" }
            return []
        }
        if expandedItem(in: index) != item {
            columns.removeSubrange((index + 1)...)
            columns.append(Column(parent: item))
            reconcileColumns()
        }
        focusedColumn = layout.projection.entersOpenedItems ? index + 1 : index
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

    /// Makes every column agree with the loaded children: focus found again by identity, the path cut
    /// where an expanded item is gone.
    mutating func reconcileColumns() {
        var index = 0
        while index < columns.count {
            if columns[index].filter != nil {
                refreshFilter(column: index)
                refocusByIdentity(column: index)
                index += 1
                continue
            }
            let parent = columns[index].parent
            let items = store.children(of: parent)
            var column = columns[index]
            if items.isEmpty {
                column.focus = 0
                column.scroll = 0
                if store[parent].children != nil { column.focusedItem = nil }
            } else if let item = column.focusedItem, let position = Self.position(of: item, in: items, near: column.focus) {
                column.focus = position
                column.focusedItem = items[position]
            } else {
                column.focus = min(max(column.focus, 0), items.count - 1)
                column.focusedItem = items[column.focus]
            }
            columns[index] = column
            keepFocusVisible(in: index)
            if index + 1 < columns.count, columns[index + 1].parent != column.focusedItem {
                columns.removeSubrange((index + 1)...)
            }
            index += 1
        }
        if focusedColumn >= columns.count { focusedColumn = max(0, columns.count - 1) }
    }
}
