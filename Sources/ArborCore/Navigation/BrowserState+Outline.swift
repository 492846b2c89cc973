extension BrowserState {
    /// The visible rows below `parent`, descending into expanded items whose children are loaded, and the
    /// expanded items whose children must still be asked for. Iterative: depth costs no stack.
    func outlineRows(under parent: NodeHandle, depth: Int) -> (rows: [OutlineRow], unloaded: [NodeHandle]) {
        var rows: [OutlineRow] = []
        var unloaded: [NodeHandle] = []
        var stack: [(parent: NodeHandle, children: ChildList, next: Int, depth: Int)] = [(parent, store.children(of: parent), 0, depth)]
        while let top = stack.last {
            guard top.next < top.children.count else {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            let item = top.children[top.next]
            rows.append(OutlineRow(item: item, depth: top.depth, parent: top.parent, position: top.next))
            guard outline.expanded.contains(item) else { continue }
            if let children = store[item].children {
                stack.append((item, children, 0, top.depth + 1))
            } else {
                unloaded.append(item)
            }
        }
        return (rows, unloaded)
    }

    /// Switches between columns and outline, keeping the focused item and the expanded path.
    mutating func setLayout(_ target: Layout) -> [BrowserEffect] {
        guard target != layout else { return [] }
        if target == .outline { return syncOutlineFromColumns() }
        syncColumnsFromOutline()
        return continueReveal()
    }

    /// Builds the outline from the columns: their expanded items become expanded rows, their focus its focus.
    mutating func syncOutlineFromColumns() -> [BrowserEffect] {
        let focused = columns.indices.contains(focusedColumn) ? columns[focusedColumn].focusedItem : nil
        layout = .outline
        guard let first = columns.first else {
            outline.rows = []
            return []
        }
        outline.topParent = first.parent
        for column in columns.dropFirst() { outline.expanded.insert(column.parent) }
        let built = outlineRows(under: first.parent, depth: 0)
        outline.rows = built.rows
        outline.focus = focused.flatMap(outline.row(of:)) ?? 0
        outline.lastChange = nil
        outline.keepFocusVisible(page: itemsPerPage)
        return built.unloaded.flatMap { loadChildrenIfNeeded($0) }
    }

    /// Points the columns at the outline's focused item: one column per level of its ancestor chain.
    mutating func syncColumnsFromOutline() {
        let path = pathToFocus.map { store[$0].id }
        layout = .columns
        guard !path.isEmpty else { return }
        columns = [Column(parent: outline.topParent)]
        focusedColumn = 0
        revealing.path = path
        revealing.focusedColumn = nil
    }

    /// Handles the commands that mean something else in the outline; nil for the others.
    mutating func outlineReduce(_ action: BrowserAction) -> [BrowserEffect]? {
        switch action {
        case .moveFocus(let delta): moveOutlineFocus(by: delta)
        case .focus(_, let index): moveOutlineFocus(by: index - outline.focus)
        case .pageUp: moveOutlineFocus(by: -itemsPerPage)
        case .pageDown: moveOutlineFocus(by: itemsPerPage)
        case .first: moveOutlineFocus(by: Int.min / 2)
        case .last: moveOutlineFocus(by: Int.max / 2)
        case .expand:
            message = nil
            guard let item = outline.focusedItem else { return [] }
            if outline.expanded.contains(item) {
                collapseOutline(row: outline.focus)
                return []
            }
            return expandOutline(row: outline.focus)
        case .nextLevel:
            message = nil
            guard let item = outline.focusedItem else { return [] }
            if !outline.expanded.contains(item) { return expandOutline(row: outline.focus) }
            if outline.subtreeCount(after: outline.focus) > 0 { moveOutlineFocus(by: 1) }
        case .previousLevel:
            message = nil
            guard let item = outline.focusedItem else { return [] }
            if outline.expanded.contains(item) {
                collapseOutline(row: outline.focus)
            } else if let parent = outlineParentRow(of: outline.focus) {
                outline.focus = parent
            } else {
                message = "top of the hierarchy"
            }
        case .reveal(let path):
            columns = columns.isEmpty ? [] : [Column(parent: outline.topParent)]
            let effects = reveal(path, focusedColumn: nil)
            return revealing.path.isEmpty ? effects + syncOutlineFromColumns() : effects
        case .reloadAll:
            let path = pathToFocus.map { store[$0].id }
            outline = Outline()
            let effects = reloadAll()
            revealing.path = path
            revealing.focusedColumn = nil
            return effects
        default:
            return nil
        }
        outline.keepFocusVisible(page: itemsPerPage)
        return []
    }

    private mutating func moveOutlineFocus(by delta: Int) {
        message = nil
        let target = delta > 0 ? outline.focus.addingReportingOverflow(delta) : outline.focus.subtractingReportingOverflow(-delta)
        outline.focus = target.overflow ? (delta > 0 ? Int.max : 0) : target.partialValue
        outline.keepFocusVisible(page: itemsPerPage)
    }

    /// The row of the parent of a row: the nearest row above it that is less deep.
    private func outlineParentRow(of row: Int) -> Int? {
        let depth = outline.rows[row].depth
        var index = row - 1
        while index >= 0 {
            if outline.rows[index].depth < depth { return index }
            index -= 1
        }
        return nil
    }

    /// Expands the item of a row, showing its remembered sub-levels, or asks for its children first.
    mutating func expandOutline(row: Int) -> [BrowserEffect] {
        let item = outline.rows[row].item
        if item == NodeStore.placeholder { return [] }
        guard store[item].childCount != 0 else {
            message = "no children"
            return []
        }
        outline.expanded.insert(item)
        guard store[item].children != nil else { return loadChildrenIfNeeded(item) }
        let built = outlineRows(under: item, depth: outline.rows[row].depth + 1)
        outline.splice(after: row, removing: outline.subtreeCount(after: row), inserting: built.rows)
        return built.unloaded.flatMap { loadChildrenIfNeeded($0) }
    }

    /// Hides the sub-levels of a row; the expansion state below it stays remembered.
    mutating func collapseOutline(row: Int) {
        outline.expanded.remove(outline.rows[row].item)
        outline.splice(after: row, removing: outline.subtreeCount(after: row), inserting: [])
    }

    /// Brings the outline up to date after a source answer, when it is the shown layout.
    mutating func outlineAfter(_ action: BrowserAction, revealFinished: Bool) -> [BrowserEffect] {
        switch action {
        case .rootLoaded, .parentLoaded:
            return syncOutlineFromColumns()
        case .childrenLoaded(let handle, _, _), .childrenPartiallyLoaded(let handle, _, _), .childItemsLoaded(let handle, _, _),
             .childrenCounted(let handle, _, _):
            return revealFinished ? syncOutlineFromColumns() : refreshOutline(childrenOf: handle)
        case .removeChildren(let id, _), .removeItems(_, let id), .insertItems(_, let id, _):
            return store.handle(for: id).map { refreshOutline(childrenOf: $0) } ?? []
        default:
            return revealFinished ? syncOutlineFromColumns() : []
        }
    }

    /// Rebuilds the rows below a node whose children changed, if they are shown.
    mutating func refreshOutline(childrenOf handle: NodeHandle) -> [BrowserEffect] {
        if handle == outline.topParent {
            let focused = outline.focusedItem
            let built = outlineRows(under: handle, depth: 0)
            outline.lastChange = OutlineChange(start: 0, removed: outline.rows.count, inserted: built.rows.count)
            outline.rows = built.rows
            outline.focus = focused.flatMap(outline.row(of:)) ?? outline.focus
            outline.keepFocusVisible(page: itemsPerPage)
            return built.unloaded.flatMap { loadChildrenIfNeeded($0) }
        }
        guard outline.expanded.contains(handle), let row = outline.row(of: handle) else { return [] }
        let focused = outline.focusedItem
        let built = outlineRows(under: handle, depth: outline.rows[row].depth + 1)
        outline.splice(after: row, removing: outline.subtreeCount(after: row), inserting: built.rows)
        if let focused, outline.focus > row, let moved = outline.row(of: focused) { outline.focus = moved }
        outline.focus = min(outline.focus, max(0, outline.rows.count - 1))
        outline.keepFocusVisible(page: itemsPerPage)
        return built.unloaded.flatMap { loadChildrenIfNeeded($0) }
    }
}
