/// One way of showing the ``Navigation`` (side-by-side columns, a nested outline): what the moves do in it,
/// which lists it shows and what it needs loaded. A projection changes the navigation and reads the store; what
/// it needs from the source it returns as ``NavigationAsk``s, which the state turns into requests. The state
/// routes every navigation command through the projection of its layout and lets it settle after every change.
protocol NavigationProjection: Sendable {
    /// Whether opening an item moves the focus into its children (columns) or leaves it on the item (outline).
    var entersOpenedItems: Bool { get }
    /// Whether a query typed as a filter narrows the focused level (columns) or steps to its match (outline).
    var narrowsToFilter: Bool { get }
    /// Moves the focus by `delta` items of the list it moves in (a page, or to an end with a large delta).
    func move(by delta: Int, in navigation: inout Navigation, store: NodeStore)
    /// Focuses the item at `index` of `level` (the outline has one list, its rows), as a click does; without
    /// an index, the level with the item it has focused.
    func focus(index: Int?, level: Int, in navigation: inout Navigation, store: NodeStore)
    /// Opens the focused item; the outline, which opens in place, closes it when it is open.
    func openOrClose(in navigation: inout Navigation, store: NodeStore) -> [NavigationAsk]
    /// Goes a level deeper, opening the focused item when it is not open.
    func nextLevel(in navigation: inout Navigation, store: NodeStore) -> [NavigationAsk]
    /// Goes a level up (the outline closes an open item first).
    func previousLevel(in navigation: inout Navigation, store: NodeStore) -> [NavigationAsk]
    /// The list the focus moves in and the focus's place in it: what `n`, `N` and typing step through.
    func list(in navigation: Navigation, store: NodeStore) -> FocusList?
    /// The focus's place in the list it moves in and the list's length (`3 of 12`), without listing it.
    func position(in navigation: Navigation, store: NodeStore) -> (index: Int, count: Int)?
    /// The nodes whose lists of children are on screen.
    func shownParents(in navigation: Navigation) -> Set<NodeHandle>
    /// Brings what is shown up to date after a change (`reshaped`: the lists whose shape changed since the last
    /// settle); returns the lists and pages it needs.
    func settle(_ navigation: inout Navigation, store: NodeStore, reshaped: Set<NodeHandle>) -> [NavigationAsk]
}

extension NavigationProjection {
    func position(in navigation: Navigation, store: NodeStore) -> (index: Int, count: Int)? {
        guard let list = list(in: navigation, store: store), list.count > 0 else { return nil }
        return (list.focus, list.count)
    }
}

extension Layout {
    /// The projection that shows the navigation in this layout.
    var projection: any NavigationProjection {
        switch self {
        case .columns: ColumnsProjection()
        case .outline: OutlineProjection()
        }
    }
}
