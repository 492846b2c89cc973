/// The state of the browser: the store, the navigation (the expanded path as levels, the focus), and what is loading.
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
    /// Whether the root's parent is asked for as soon as the root is known, and shown as a level before it
    /// when the source has one (the focus staying on the root); otherwise only ← past the first level asks.
    package var asksRootParentAtStart = false

    /// Creates an empty state; apply `.start` to load the root.
    package init(selectionMode: SelectionMode = .none, layout: Layout = .columns) {
        selection = Selection(mode: selectionMode)
        navigation = Navigation(layout: layout)
    }

    /// Whether columns or the outline are shown.
    package var layout: Layout { navigation.layout }

    /// The outline's rows, focus and scroll (kept while the outline is shown).
    package var outline: Outline { navigation.outline }

    /// The items listed in a level: its parent's children, or those matching its filter.
    package func items(in level: Int) -> ChildList {
        navigation.items(in: level, store: store)
    }

    /// The focused item: the item focused at the focused level.
    package var focusedItem: NodeHandle? { navigation.focusedItem }

    /// The item of a level that is expanded into the next level, if any.
    package func expandedItem(in level: Int) -> NodeHandle? {
        navigation.expandedItem(in: level)
    }

    /// The items from the top level down to the focus: the path shown in the footer.
    package var pathToFocus: [NodeHandle] { navigation.pathToFocus }

    /// The position of the focus in the list it moves in and the list's length (`3 of 12`), if any.
    package var focusPosition: (index: Int, count: Int)? { layout.projection.position(in: navigation, store: store) }

    /// Whether a level's parent has its children loading.
    package func isLoading(level: Int) -> Bool {
        store[navigation.levels[level].parent].childLoad.isLoading
    }

    /// Whether the previous level of the first level may exist (its parent has not been ruled out).
    package var mayHaveLevelBeforeFirst: Bool { navigation.mayHaveLevelBeforeFirst(store: store) }

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
            if let query = finding.open?.query {
                finding.open = FindState(query: query)
                effects += startFind(query)
            }
        }
        let reshaped = store.takeReshapedLists()
        return effects + ask(layout.projection.settle(&navigation, store: store, reshaped: reshaped))
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
        case .moveFocus(let delta): return navigate { $0.move(by: delta, in: &$1, store: $2) }
        case .pageUp: return navigate { $0.move(by: -$1.itemsPerPage, in: &$1, store: $2) }
        case .pageDown: return navigate { $0.move(by: $1.itemsPerPage, in: &$1, store: $2) }
        case .first: return navigate { $0.move(by: Int.min, in: &$1, store: $2) }
        case .last: return navigate { $0.move(by: Int.max, in: &$1, store: $2) }
        case .focus(let level, let index): return navigate { $0.focus(index: index, level: level, in: &$1, store: $2) }
        case .expand, .nextLevel:
            if let link = focusedLink { return applyPlace(.open(link)) }
            if case .expand = action { return navigate { $0.openOrClose(in: &$1, store: $2) } }
            return navigate { $0.nextLevel(in: &$1, store: $2) }
        case .previousLevel: return navigate { $0.previousLevel(in: &$1, store: $2) }
        case .reveal(let path): return reveal(path, focusedLevel: nil)
        case .open(let path): return revealFromTop(path)
        case .selection(let action):
            selection.apply(action, focused: focusedItem.flatMap { $0 == NodeStore.placeholder ? nil : store[$0].id })
            return []
        case .filter(let query):
            if layout.projection.narrowsToFilter { return filterFocusedColumn(query) }
            return stepToMatch(query, forward: true, includingFocus: true)
        case .clearFilter: return clearFilter()
        case .stepToMatch(let query, let forward, let including): return stepToMatch(query, forward: forward, includingFocus: including)
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
        case .reloadAll:
            // What was said of the items shown before (`no children`) is not said of the new ones.
            message = nil
            return reloadAll()
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

    /// The item the focused one stands for (a YAML alias's anchor), when it stands for one.
    private var focusedLink: String? {
        focusedItem.flatMap { $0 == NodeStore.placeholder ? nil : store[$0].content?.link }
    }

    /// Runs a navigation command in the projection of the layout shown, which changes the navigation and reads
    /// the store; each clears the footer's message first, and what it asks becomes requests.
    private mutating func navigate(_ command: (any NavigationProjection, inout Navigation, NodeStore) -> [NavigationAsk]) -> [BrowserEffect] {
        message = nil
        let projection = layout.projection
        return ask(command(projection, &navigation, store))
    }

    private mutating func navigate(_ command: (any NavigationProjection, inout Navigation, NodeStore) -> Void) -> [BrowserEffect] {
        message = nil
        let projection = layout.projection
        command(projection, &navigation, store)
        return []
    }

    private mutating func setViewport(columns columnCount: Int, itemsPerPage perPage: Int) -> [BrowserEffect] {
        navigation.visibleColumns = max(1, columnCount)
        navigation.itemsPerPage = max(1, perPage)
        for index in navigation.levels.indices { keepFocusVisible(in: index) }
        navigation.outline.keepFocusVisible(page: navigation.itemsPerPage)
        return []
    }

    /// Shows the levels or the outline: the navigation stays as it is, the outline's rows are built from it
    /// (and dropped when the levels show it).
    mutating func setLayout(_ target: Layout) -> [BrowserEffect] {
        guard target != layout else { return [] }
        message = nil
        navigation.layout = target
        navigation.outline = Outline()
        for index in navigation.levels.indices { keepFocusVisible(in: index) }
        return []
    }

    /// Scrolls one level so that its focused item is on screen.
    mutating func keepFocusVisible(in index: Int) {
        navigation.keepPageVisible(in: index, count: items(in: index).count)
    }
}
