/// The navigation as an outline: the levels' lists nested, one row an item, every item of
/// ``Navigation/expanded`` open; the focus moves over the rows and the levels follow it (they are the focused
/// row's ancestors).
///
/// Its methods read the rows through `navigation.outline` each time rather than through a local copy: a
/// copy alive while the rows change makes the change copy every row.
struct OutlineProjection: NavigationProjection {
    var entersOpenedItems: Bool { false }
    var narrowsToFilter: Bool { false }

    func move(by delta: Int, in navigation: inout Navigation, store: NodeStore) {
        let target = navigation.outline.focus.addingReportingOverflow(delta)
        focusRow(target.overflow ? (delta > 0 ? Int.max : 0) : target.partialValue, in: &navigation, store: store)
    }

    func focus(index: Int?, level: Int, in navigation: inout Navigation, store: NodeStore) {
        guard let index else { return }
        focusRow(index, in: &navigation, store: store)
    }

    func openOrClose(in navigation: inout Navigation, store: NodeStore) -> [NavigationAsk] {
        guard let item = navigation.outline.focusedItem else { return [] }
        if navigation.expanded.contains(item) {
            collapseFocused(in: &navigation, store: store)
            return []
        }
        return expandFocused(in: &navigation, store: store)
    }

    func nextLevel(in navigation: inout Navigation, store: NodeStore) -> [NavigationAsk] {
        guard let item = navigation.outline.focusedItem else { return [] }
        if !navigation.expanded.contains(item) { return expandFocused(in: &navigation, store: store) }
        if navigation.outline.subtreeCount(after: navigation.outline.focus) > 0 { move(by: 1, in: &navigation, store: store) }
        return []
    }

    func previousLevel(in navigation: inout Navigation, store: NodeStore) -> [NavigationAsk] {
        guard let item = navigation.outline.focusedItem else { return [] }
        if navigation.expanded.contains(item) {
            collapseFocused(in: &navigation, store: store)
        } else if let parent = navigation.outline.parentRow(of: navigation.outline.focus) {
            focusRow(parent, in: &navigation, store: store)
        } else {
            return [.message("top of the hierarchy")]
        }
        return []
    }

    func list(in navigation: Navigation, store: NodeStore) -> FocusList? {
        FocusList(rows: navigation.outline.rows, focus: navigation.outline.focus)
    }

    func position(in navigation: Navigation, store: NodeStore) -> (index: Int, count: Int)? {
        let outline = navigation.outline
        return outline.rows.isEmpty ? nil : (outline.focus, outline.rows.count)
    }

    func shownParents(in navigation: Navigation) -> Set<NodeHandle> {
        navigation.expanded.union(navigation.pathParents).union([navigation.topParent])
    }

    func settle(_ navigation: inout Navigation, store: NodeStore, reshaped: Set<NodeHandle>) -> [NavigationAsk] {
        var reshaped = reshaped
        var asks: [NavigationAsk] = []
        let focusedBefore = navigation.outline.focusedItem
        let top = navigation.topParent
        var rebuilt = false
        if navigation.outline.topParent != top || reshaped.contains(top) || navigation.outline.rows.isEmpty {
            asks += rebuild(in: &navigation, store: store)
            (reshaped, rebuilt) = ([], true)
        }
        for parent in navigation.pathParents where !navigation.expanded.contains(parent) {
            navigation.expanded.insert(parent)
            asks += refresh(childrenOf: parent, in: &navigation, store: store)
            reshaped.remove(parent)
        }
        for parent in reshaped { asks += refresh(childrenOf: parent, in: &navigation, store: store) }
        if !rebuilt, focusedBefore != nil, navigation.outline.focusedItem != focusedBefore {
            // The focused row went with its list: the focus is on the row that held that list.
            focusRow(navigation.outline.focus, in: &navigation, store: store)
        } else {
            followLevels(in: &navigation, store: store)
        }
        return asks + requestShownPages(in: &navigation, store: store)
    }

    /// Focuses a row; the levels become the row's ancestors, each focused on the next.
    func focusRow(_ row: Int, in navigation: inout Navigation, store: NodeStore) {
        navigation.outline.focus = row
        navigation.outline.keepFocusVisible(page: navigation.itemsPerPage)
        let rows = navigation.outline.rows
        guard rows.indices.contains(navigation.outline.focus) else { return }
        var chain = [navigation.outline.focus]
        while let last = chain.last, !isListed(rows[last], in: navigation), let parent = navigation.outline.parentRow(of: last) {
            chain.append(parent)
        }
        for index in chain.reversed() {
            let row = rows[index]
            guard row.depth <= navigation.levels.count else { break }
            if row.depth == navigation.levels.count { navigation.levels.append(Level(parent: row.parent)) }
            navigation.focus(row.item, at: Int(row.position), in: row.depth, count: navigation.items(in: row.depth, store: store).count)
        }
        navigation.focusedLevel = rows[navigation.outline.focus].depth
    }

    /// Whether the level of a row's depth lists the row's parent's children.
    private func isListed(_ row: OutlineRow, in navigation: Navigation) -> Bool {
        navigation.levels.indices.contains(row.depth) && navigation.levels[row.depth].parent == row.parent
    }

    /// Puts the outline's focus on the row of the levels' focus, after the rows or the levels changed.
    private func followLevels(in navigation: inout Navigation, store: NodeStore) {
        guard navigation.levels.indices.contains(navigation.focusedLevel) else { return }
        let level = navigation.levels[navigation.focusedLevel]
        guard level.focusedItem != nil else { return }
        let focus = navigation.outline.focus
        if navigation.outline.rows.indices.contains(focus), navigation.outline.rows[focus].parent == level.parent,
           Int(navigation.outline.rows[focus].position) == level.focus {
            navigation.outline.keepFocusVisible(page: navigation.itemsPerPage)
            return
        }
        if let row = navigation.outline.row(parent: level.parent, position: level.focus) { focusRow(row, in: &navigation, store: store) }
    }

    /// Opens the focused row's item, showing its remembered sub-levels, or asks for its children first.
    private func expandFocused(in navigation: inout Navigation, store: NodeStore) -> [NavigationAsk] {
        let row = navigation.outline.rows[navigation.outline.focus]
        if row.item == NodeStore.placeholder { return [] }
        guard store[row.item].childCount != 0 else { return [.message("no children")] }
        navigation.expanded.insert(row.item)
        guard store[row.item].children != nil else { return [.children(of: row.item)] }
        return refresh(childrenOf: row.item, in: &navigation, store: store)
    }

    /// Hides the focused row's sub-levels; what is open below it stays remembered.
    private func collapseFocused(in navigation: inout Navigation, store: NodeStore) {
        let focus = navigation.outline.focus
        let item = navigation.outline.rows[focus].item
        navigation.expanded.remove(item)
        navigation.cut(after: navigation.focusedLevel)
        navigation.outline.splice(after: focus, removing: navigation.outline.subtreeCount(after: focus), inserting: [])
    }

    /// Builds every row again from the top; the outline lists whole lists, so the levels' filters go.
    private func rebuild(in navigation: inout Navigation, store: NodeStore) -> [NavigationAsk] {
        let top = navigation.topParent
        for index in navigation.levels.indices.reversed() { navigation.dropFilter(level: index, store: store) }
        navigation.expanded.formUnion(navigation.pathParents)
        guard !navigation.levels.isEmpty else {
            navigation.outline = Outline()
            return []
        }
        let built = navigation.outlineRows(under: top, depth: 0, store: store)
        navigation.outline.replaceAll(with: built.rows, topParent: top)
        return built.unloaded.map { .children(of: $0) }
    }

    /// Builds the rows below an open node whose children changed, if its row is shown.
    private func refresh(childrenOf handle: NodeHandle, in navigation: inout Navigation, store: NodeStore) -> [NavigationAsk] {
        guard navigation.expanded.contains(handle), let row = navigation.outline.row(of: handle) else { return [] }
        let built = navigation.outlineRows(under: handle, depth: navigation.outline.rows[row].depth + 1, store: store)
        let removed = navigation.outline.subtreeCount(after: row)
        navigation.outline.splice(after: row, removing: removed, inserting: built.rows)
        return built.unloaded.map { .children(of: $0) }
    }

    /// Fills the placeholder rows on screen whose items arrived, and asks for the pages of the others.
    private func requestShownPages(in navigation: inout Navigation, store: NodeStore) -> [NavigationAsk] {
        let (scroll, count, focus) = (navigation.outline.scroll, navigation.outline.rows.count, navigation.outline.focus)
        var asks: [NavigationAsk] = []
        for row in scroll..<min(count, scroll + navigation.itemsPerPage) {
            asks += fillRow(row, in: &navigation, store: store)
        }
        if focus < count { asks += fillRow(focus, in: &navigation, store: store) }
        return asks
    }

    private func fillRow(_ index: Int, in navigation: inout Navigation, store: NodeStore) -> [NavigationAsk] {
        let row = navigation.outline.rows[index]
        guard row.item == NodeStore.placeholder else { return [] }
        let children = store.children(of: row.parent)
        let position = Int(row.position)
        guard children.indices.contains(position) else { return [] }
        if children[position] != NodeStore.placeholder {
            navigation.outline.fill(row: index, with: children[position])
            if index == navigation.outline.focus { focusRow(index, in: &navigation, store: store) }
            return []
        }
        return [.pages(of: row.parent, children: [position])]
    }
}

extension Navigation {
    /// The visible rows below `parent`, descending into open items whose children are loaded, and the open
    /// items whose children must still be asked for. Iterative: depth costs no stack.
    func outlineRows(under parent: NodeHandle, depth: Int, store: NodeStore) -> (rows: [OutlineRow], unloaded: [NodeHandle]) {
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
            guard expanded.contains(item) else { continue }
            if let children = store[item].children {
                stack.append((item, children, 0, top.depth + 1))
            } else {
                unloaded.append(item)
            }
        }
        return (rows, unloaded)
    }
}
