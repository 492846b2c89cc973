/// The state of the column browser: the store, the expanded path as columns, the focus, and what is loading.
///
/// Every change goes through ``apply(_:)``, which returns the requests for the source that the change needs.
package struct BrowserState: Sendable {
    /// Every node seen so far.
    package internal(set) var store = NodeStore()
    /// Where the user is: the expanded path, the focus and the open items, whatever the layout shows.
    package internal(set) var navigation: Navigation
    /// What has been asked of the source and has not arrived, the root's request among it.
    package internal(set) var loads = PendingLoads()
    /// The find over every item and what finds search (what they search and how far is set from outside).
    package var finding = Finding()
    /// The place (`:`) being opened or completed.
    package internal(set) var place = PlaceState()
    /// The marked items of the picker.
    package internal(set) var selection = Selection()
    /// A notice or error for the footer, cleared by the next command.
    package internal(set) var message: String?
    /// What is wrong with the source's data now (a file that no longer reads), shown until it is mended.
    package internal(set) var sourceTrouble: String?
    /// Whether the source is asked to show its hidden entries.
    package internal(set) var showsHidden = false

    /// Creates an empty state; apply `.start` to load the root.
    package init(selectionMode: SelectionMode = .none, layout: Layout = .columns) {
        selection = Selection(mode: selectionMode)
        navigation = Navigation(layout: layout)
    }

    /// The expanded path as the columns show it: column N+1 lists the children of the item focused in column N.
    package internal(set) var columns: [Column] {
        get { navigation.levels }
        _modify { yield &navigation.levels }
        set { navigation.levels = newValue }
    }

    /// The index of the column that has the focus.
    package internal(set) var focusedColumn: Int {
        get { navigation.focusedLevel }
        set { navigation.focusedLevel = newValue }
    }

    /// The index of the first column on screen.
    package internal(set) var columnOffset: Int {
        get { navigation.levelOffset }
        set { navigation.levelOffset = newValue }
    }

    /// Whether columns or the outline are shown.
    package var layout: Layout { navigation.layout }

    /// The outline's rows, focus and scroll (kept while the outline is shown).
    package var outline: Outline { navigation.outline }

    /// The items listed in a column: its parent's children, or those matching its filter.
    package func items(in column: Int) -> ChildList {
        guard let filter = columns[column].filter else { return store.children(of: columns[column].parent) }
        return ChildList(filter.matches)
    }

    /// The focused item: the item focused at the focused level.
    package var focusedItem: NodeHandle? { navigation.focusedItem }

    /// The item of a column that is expanded into the next column, if any.
    package func expandedItem(in column: Int) -> NodeHandle? {
        column + 1 < columns.count ? columns[column + 1].parent : nil
    }

    /// The items from the top level down to the focus: the path shown in the footer.
    package var pathToFocus: [NodeHandle] { navigation.pathToFocus }

    /// The position of the focus in the list it moves in and the list's length (`3 of 12`), if any.
    package var focusPosition: (index: Int, count: Int)? { layout.projection.position(in: self) }

    /// Whether a column's parent has its children loading.
    package func isLoading(column: Int) -> Bool {
        store[columns[column].parent].childLoad.isLoading
    }

    /// Whether the previous level of the first column may exist (its parent has not been ruled out).
    package var mayHaveLevelBeforeFirst: Bool {
        guard !rootIsVirtual, let first = columns.first?.focusedItem else { return false }
        let node = store[first]
        return node.parent == nil && node.parentLoad != .loaded
    }

    mutating func makeGeneration() -> Int {
        loads.makeGeneration()
    }

    /// Applies one action and returns the requests the source must answer.
    package mutating func apply(_ action: BrowserAction) -> [BrowserEffect] {
        if case .hiddenToggled(let shows, true) = action {
            showsHidden = shows
            return apply(.reloadAll)
        }
        var effects = reduce(action)
        if case .reloadAll = action {
            finding.epoch += 1
            if let query = find?.query {
                find = FindState(query: query)
                effects += startFind(query)
            }
        }
        return effects + layout.projection.settle(&self)
    }

    private mutating func reduce(_ action: BrowserAction) -> [BrowserEffect] {
        switch action {
        case .start: return startLoading()
        case .prefetchFocused: return prefetchFocused()
        case .sourceProblem(let problem):
            message = problem
            return []
        case .sourceTrouble(let trouble):
            sourceTrouble = trouble
            message = nil
            return []
        case .setViewport(let columnCount, let perPage): return setViewport(columns: columnCount, itemsPerPage: perPage)
        case .moveFocus(let delta): return navigate { $0.move(by: delta, in: &$1) }
        case .pageUp: return navigate { $0.move(by: -$1.itemsPerPage, in: &$1) }
        case .pageDown: return navigate { $0.move(by: $1.itemsPerPage, in: &$1) }
        case .first: return navigate { $0.move(by: Int.min, in: &$1) }
        case .last: return navigate { $0.move(by: Int.max, in: &$1) }
        case .focus(let column, let index): return navigate { $0.focus(index: index, column: column, in: &$1) }
        case .expand: return navigate { $0.expand(in: &$1) }
        case .nextLevel: return navigate { $0.nextLevel(in: &$1) }
        case .previousLevel: return navigate { $0.previousLevel(in: &$1) }
        case .reveal(let path): return reveal(path, focusedColumn: nil)
        case .open(let path): return revealFromTop(path)
        case .selection(let action):
            selection.apply(action, focused: focusedItem.flatMap { $0 == NodeStore.placeholder ? nil : store[$0].id })
            return []
        case .filter(let query): return layout.projection.filter(query, in: &self)
        case .clearFilter: return clearFilter()
        case .findNext(let query, let forward, let including): return findNext(query, forward: forward, includingFocus: including)
        case .setLayout(let target): return setLayout(target)
        case .toggleLayout: return setLayout(layout == .columns ? .outline : .columns)
        case .insertChildren(let id, let indexes): return insertChildren(of: id, at: indexes)
        case .removeChildren(let id, let indexes): return removeChildren(of: id, at: indexes)
        case .insertItems(let ids, let parent, let indexes): return insertItems(ids, of: parent, at: indexes)
        case .removeItems(let ids, let parent): return removeItems(ids, of: parent)
        case .invalidateParent(let id): return invalidateParent(of: id)
        case .invalidateChildren(let id): return invalidateChildren(of: id)
        case .resizeChildren(let id, let count): return resizeChildren(of: id, count: count)
        case .invalidateItems(let ids): return invalidateItems(ids)
        case .reloadAll: return reloadAll()
        case .refreshShown: return refreshShown()
        case .find(let action): return applyFind(action)
        case .place(let action): return applyPlace(action)
        case .toggleHidden: return [.setShowsHidden(!showsHidden)]
        case .hiddenToggled:
            message = "no hidden entries in this source"
            return []
        case .loaded(let answer): return applyLoaded(answer)
        }
    }

    /// Runs a navigation command in the projection of the layout shown; each clears the footer's message first.
    private mutating func navigate(_ command: (any NavigationProjection, inout BrowserState) -> [BrowserEffect]) -> [BrowserEffect] {
        message = nil
        return command(layout.projection, &self)
    }

    private mutating func navigate(_ command: (any NavigationProjection, inout BrowserState) -> Void) -> [BrowserEffect] {
        message = nil
        command(layout.projection, &self)
        return []
    }

    private mutating func setViewport(columns columnCount: Int, itemsPerPage perPage: Int) -> [BrowserEffect] {
        visibleColumns = max(1, columnCount)
        itemsPerPage = max(1, perPage)
        for index in columns.indices { keepFocusVisible(in: index) }
        navigation.outline.keepFocusVisible(page: itemsPerPage)
        return []
    }

    /// Shows the columns or the outline: the navigation stays as it is, the outline's rows are built from it
    /// (and dropped when the columns show it).
    mutating func setLayout(_ target: Layout) -> [BrowserEffect] {
        guard target != layout else { return [] }
        navigation.layout = target
        navigation.outline = Outline()
        for index in columns.indices { keepFocusVisible(in: index) }
        return []
    }

    /// Scrolls the row of columns so that the focused column is on screen and no slot is left empty needlessly.
    mutating func keepFocusedColumnVisible() {
        if columns.isEmpty {
            focusedColumn = 0
            columnOffset = 0
            return
        }
        focusedColumn = min(max(focusedColumn, 0), columns.count - 1)
        if focusedColumn < columnOffset { columnOffset = focusedColumn }
        if focusedColumn >= columnOffset + visibleColumns { columnOffset = focusedColumn - visibleColumns + 1 }
        columnOffset = max(0, min(columnOffset, columns.count - visibleColumns))
    }

    /// Scrolls one column so that its focused item is on screen.
    mutating func keepFocusVisible(in index: Int) {
        let count = items(in: index).count
        var column = columns[index]
        if column.focus < column.scroll { column.scroll = column.focus }
        if column.focus >= column.scroll + itemsPerPage { column.scroll = column.focus - itemsPerPage + 1 }
        column.scroll = max(0, min(column.scroll, count - itemsPerPage))
        columns[index] = column
    }
}
