/// One way of showing the ``Navigation`` (side-by-side columns, a nested outline): what the moves do in it,
/// which lists it shows and what it needs loaded. The state routes every navigation command through the
/// projection of its layout and lets it settle after every change.
protocol NavigationProjection: Sendable {
    /// Whether opening an item moves the focus into its children (columns) or leaves it on the item (outline).
    var entersOpenedItems: Bool { get }
    /// Moves the focus by `delta` items of the list it moves in (a page, or to an end with a large delta).
    func move(by delta: Int, in state: inout BrowserState)
    /// Focuses the item at `index` of `level` (the outline has one list, its rows), as a click does; without
    /// an index, the level with the item it has focused.
    func focus(index: Int?, level: Int, in state: inout BrowserState)
    /// Opens the focused item; the outline, which opens in place, closes it when it is open.
    func openOrClose(in state: inout BrowserState) -> [BrowserEffect]
    /// Goes a level deeper, opening the focused item when it is not open.
    func nextLevel(in state: inout BrowserState) -> [BrowserEffect]
    /// Goes a level up (the outline closes an open item first).
    func previousLevel(in state: inout BrowserState) -> [BrowserEffect]
    /// The list the focus moves in and the focus's place in it: what `n`, `N` and typing step through.
    func list(in state: BrowserState) -> FocusList?
    /// The focus's place in the list it moves in and the list's length (`3 of 12`), without listing it.
    func position(in state: BrowserState) -> (index: Int, count: Int)?
    /// Shows what matches a query as it is typed: the levels narrow the focused one, the outline steps to it.
    func filter(_ query: String, in state: inout BrowserState) -> [BrowserEffect]
    /// The nodes whose lists of children are on screen.
    func shownParents(in state: BrowserState) -> Set<NodeHandle>
    /// Brings what is shown up to date after a change; returns the lists and pages it needs.
    func settle(_ state: inout BrowserState) -> [BrowserEffect]
}

extension NavigationProjection {
    func position(in state: BrowserState) -> (index: Int, count: Int)? {
        guard let list = list(in: state), list.count > 0 else { return nil }
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
