/// The navigation as an outline: the levels' lists nested, one row an item, every item of
/// ``Navigation/expanded`` open; the focus moves over the rows and the levels follow it (they are the focused
/// row's ancestors).
///
/// Its methods read the rows through `state.navigation.outline` each time rather than through a local copy: a
/// copy alive while the rows change makes the change copy every row.
struct OutlineProjection: NavigationProjection {
    var entersOpenedItems: Bool { false }

    func move(by delta: Int, in state: inout BrowserState) {
        let target = state.navigation.outline.focus.addingReportingOverflow(delta)
        focusRow(target.overflow ? (delta > 0 ? Int.max : 0) : target.partialValue, in: &state)
    }

    func focus(index: Int?, level: Int, in state: inout BrowserState) {
        guard let index else { return }
        focusRow(index, in: &state)
    }

    func openOrClose(in state: inout BrowserState) -> [BrowserEffect] {
        guard let item = state.navigation.outline.focusedItem else { return [] }
        if state.navigation.expanded.contains(item) {
            collapseFocused(in: &state)
            return []
        }
        return expandFocused(in: &state)
    }

    func nextLevel(in state: inout BrowserState) -> [BrowserEffect] {
        guard let item = state.navigation.outline.focusedItem else { return [] }
        if !state.navigation.expanded.contains(item) { return expandFocused(in: &state) }
        if state.navigation.outline.subtreeCount(after: state.navigation.outline.focus) > 0 { move(by: 1, in: &state) }
        return []
    }

    func previousLevel(in state: inout BrowserState) -> [BrowserEffect] {
        guard let item = state.navigation.outline.focusedItem else { return [] }
        if state.navigation.expanded.contains(item) {
            collapseFocused(in: &state)
        } else if let parent = state.navigation.outline.parentRow(of: state.navigation.outline.focus) {
            focusRow(parent, in: &state)
        } else {
            state.message = "top of the hierarchy"
        }
        return []
    }

    func list(in state: BrowserState) -> FocusList? {
        FocusList(rows: state.navigation.outline.rows, focus: state.navigation.outline.focus)
    }

    func position(in state: BrowserState) -> (index: Int, count: Int)? {
        let outline = state.navigation.outline
        return outline.rows.isEmpty ? nil : (outline.focus, outline.rows.count)
    }

    func filter(_ query: String, in state: inout BrowserState) -> [BrowserEffect] {
        state.stepToMatch(query, forward: true, includingFocus: true)
    }

    func shownParents(in state: BrowserState) -> Set<NodeHandle> {
        state.navigation.expanded.union(state.navigation.pathParents).union([state.navigation.topParent])
    }

    func settle(_ state: inout BrowserState) -> [BrowserEffect] {
        var reshaped = state.store.takeReshapedLists()
        var effects: [BrowserEffect] = []
        let focusedBefore = state.navigation.outline.focusedItem
        let top = state.navigation.topParent
        var rebuilt = false
        if state.navigation.outline.topParent != top || reshaped.contains(top) || state.navigation.outline.rows.isEmpty {
            effects += rebuild(in: &state)
            (reshaped, rebuilt) = ([], true)
        }
        for parent in state.navigation.pathParents where !state.navigation.expanded.contains(parent) {
            state.navigation.expanded.insert(parent)
            effects += refresh(childrenOf: parent, in: &state)
            reshaped.remove(parent)
        }
        for parent in reshaped { effects += refresh(childrenOf: parent, in: &state) }
        if !rebuilt, focusedBefore != nil, state.navigation.outline.focusedItem != focusedBefore {
            // The focused row went with its list: the focus is on the row that held that list.
            focusRow(state.navigation.outline.focus, in: &state)
        } else {
            followLevels(in: &state)
        }
        return effects + requestShownPages(in: &state)
    }

    /// Focuses a row; the levels become the row's ancestors, each focused on the next.
    func focusRow(_ row: Int, in state: inout BrowserState) {
        state.navigation.outline.focus = row
        state.navigation.outline.keepFocusVisible(page: state.navigation.itemsPerPage)
        let rows = state.navigation.outline.rows
        guard rows.indices.contains(state.navigation.outline.focus) else { return }
        var chain = [state.navigation.outline.focus]
        while let last = chain.last, !isListed(rows[last], in: state.navigation), let parent = state.navigation.outline.parentRow(of: last) {
            chain.append(parent)
        }
        for index in chain.reversed() {
            let row = rows[index]
            guard row.depth <= state.navigation.levels.count else { break }
            if row.depth == state.navigation.levels.count { state.navigation.levels.append(Level(parent: row.parent)) }
            state.navigation.focus(row.item, at: Int(row.position), in: row.depth, count: state.items(in: row.depth).count)
        }
        state.navigation.focusedLevel = rows[state.navigation.outline.focus].depth
    }

    /// Whether the level of a row's depth lists the row's parent's children.
    private func isListed(_ row: OutlineRow, in navigation: Navigation) -> Bool {
        navigation.levels.indices.contains(row.depth) && navigation.levels[row.depth].parent == row.parent
    }

    /// Puts the outline's focus on the row of the levels' focus, after the rows or the levels changed.
    private func followLevels(in state: inout BrowserState) {
        let navigation = state.navigation
        guard navigation.levels.indices.contains(navigation.focusedLevel) else { return }
        let level = navigation.levels[navigation.focusedLevel]
        guard level.focusedItem != nil else { return }
        let outline = navigation.outline
        if outline.rows.indices.contains(outline.focus), outline.rows[outline.focus].parent == level.parent,
           Int(outline.rows[outline.focus].position) == level.focus {
            state.navigation.outline.keepFocusVisible(page: state.navigation.itemsPerPage)
            return
        }
        if let row = outline.row(parent: level.parent, position: level.focus) { focusRow(row, in: &state) }
    }

    /// Opens the focused row's item, showing its remembered sub-levels, or asks for its children first.
    private func expandFocused(in state: inout BrowserState) -> [BrowserEffect] {
        let row = state.navigation.outline.rows[state.navigation.outline.focus]
        if row.item == NodeStore.placeholder { return [] }
        guard state.store[row.item].childCount != 0 else {
            state.message = "no children"
            return []
        }
        state.navigation.expanded.insert(row.item)
        guard state.store[row.item].children != nil else { return state.loadChildrenIfNeeded(row.item) }
        return refresh(childrenOf: row.item, in: &state)
    }

    /// Hides the focused row's sub-levels; what is open below it stays remembered.
    private func collapseFocused(in state: inout BrowserState) {
        let focus = state.navigation.outline.focus
        let item = state.navigation.outline.rows[focus].item
        state.navigation.expanded.remove(item)
        state.navigation.cut(after: state.navigation.focusedLevel)
        state.navigation.outline.splice(after: focus, removing: state.navigation.outline.subtreeCount(after: focus), inserting: [])
    }

    /// Builds every row again from the top; the outline lists whole lists, so the levels' filters go.
    private func rebuild(in state: inout BrowserState) -> [BrowserEffect] {
        let top = state.navigation.topParent
        for index in state.navigation.levels.indices.reversed() { state.dropFilter(level: index) }
        state.navigation.expanded.formUnion(state.navigation.pathParents)
        guard !state.navigation.levels.isEmpty else {
            state.navigation.outline = Outline()
            return []
        }
        let built = state.outlineRows(under: top, depth: 0)
        state.navigation.outline.replaceAll(with: built.rows, topParent: top)
        return built.unloaded.flatMap { state.loadChildrenIfNeeded($0) }
    }

    /// Builds the rows below an open node whose children changed, if its row is shown.
    private func refresh(childrenOf handle: NodeHandle, in state: inout BrowserState) -> [BrowserEffect] {
        guard state.navigation.expanded.contains(handle), let row = state.navigation.outline.row(of: handle) else { return [] }
        let built = state.outlineRows(under: handle, depth: state.navigation.outline.rows[row].depth + 1)
        let removed = state.navigation.outline.subtreeCount(after: row)
        state.navigation.outline.splice(after: row, removing: removed, inserting: built.rows)
        return built.unloaded.flatMap { state.loadChildrenIfNeeded($0) }
    }

    /// Fills the placeholder rows on screen whose items arrived, and asks for the pages of the others.
    private func requestShownPages(in state: inout BrowserState) -> [BrowserEffect] {
        let (scroll, count, focus) = (state.navigation.outline.scroll, state.navigation.outline.rows.count, state.navigation.outline.focus)
        var effects: [BrowserEffect] = []
        for row in scroll..<min(count, scroll + state.navigation.itemsPerPage) {
            effects += fillRow(row, in: &state)
        }
        if focus < count { effects += fillRow(focus, in: &state) }
        return effects
    }

    private func fillRow(_ index: Int, in state: inout BrowserState) -> [BrowserEffect] {
        let row = state.navigation.outline.rows[index]
        guard row.item == NodeStore.placeholder else { return [] }
        let children = state.store.children(of: row.parent)
        let position = Int(row.position)
        guard children.indices.contains(position) else { return [] }
        if children[position] != NodeStore.placeholder {
            state.navigation.outline.fill(row: index, with: children[position])
            if index == state.navigation.outline.focus { focusRow(index, in: &state) }
            return []
        }
        return state.requestPages(of: row.parent, children: [position])
    }
}

extension BrowserState {
    /// The visible rows below `parent`, descending into open items whose children are loaded, and the open
    /// items whose children must still be asked for. Iterative: depth costs no stack.
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
            guard navigation.expanded.contains(item) else { continue }
            if let children = store[item].children {
                stack.append((item, children, 0, top.depth + 1))
            } else {
                unloaded.append(item)
            }
        }
        return (rows, unloaded)
    }
}
