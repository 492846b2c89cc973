/// Everything that changes the browser: user commands, mutations from the source, and load results.
package enum BrowserAction: Sendable {
    /// Asks the source for its root.
    case start
    /// Says what went wrong in the source outside any request (a list whose reading failed halfway).
    case sourceProblem(String)
    /// What is wrong with the source's data now, shown until it is mended (nil).
    case sourceTrouble(String?)
    /// Reads ahead the children of the focused item when it has a few, so that expanding it is immediate.
    case prefetchFocused
    /// Tells the model how many columns and how many items per column fit on screen.
    case setViewport(columns: Int, itemsPerPage: Int)
    /// Moves the focus within the focused level by a number of items.
    case moveFocus(by: Int)
    /// Moves the focus one page up.
    case pageUp
    /// Moves the focus one page down.
    case pageDown
    /// Focuses the first item of the focused level.
    case first
    /// Focuses the last item of the focused level.
    case last
    /// Focuses the item at `index` of a level (in the outline: the row at `index`), as a click does; without
    /// an index, the level itself (the outline, one list, stays as it is).
    case focus(level: Int, index: Int?)
    /// Expands the focused item (the levels: into the next level, focused; the outline: in place, or closes it
    /// when it is open).
    case expand
    /// Goes to the next level, expanding the focused item when it is not yet expanded.
    case nextLevel
    /// Goes to the previous level; past the first level, asks for the parent of the root.
    case previousLevel
    /// Opens the path of ids from the root down, focusing its last item.
    case reveal(path: [String])
    /// Opens a path of ids from the top of the source, whatever the layout and the levels open, focusing its
    /// last item (the next change of a difference).
    case open(path: [String])
    /// Marks or unmarks (picker): routed to the selection sub-state.
    case selection(SelectionAction)
    /// Narrows the focused level to the items whose title matches a query (smart case); the focus stays
    /// on its item while it matches.
    case filter(String)
    /// Removes the focused level's filter, keeping the focused item.
    case clearFilter
    /// Moves the focus to the next (or previous) item whose title matches, wrapping around; the focused item
    /// itself counts first when `includingFocus` (search as you type).
    case stepToMatch(String, forward: Bool, includingFocus: Bool = false)
    /// Shows the levels or the outline, keeping the focused item and the expanded path.
    case setLayout(Layout)
    /// Switches between columns and outline.
    case toggleLayout
    /// The find over every item (`F`), or a search's answer: routed to the find sub-state.
    case find(FindAction)
    /// A `:` place to open or complete, or the source's answer: routed to the place sub-state.
    case place(PlaceAction)
    /// Shows hidden entries when they are hidden, hides them when they are shown.
    case toggleHidden

    /// The source inserted children of an expanded parent at these indexes.
    case insertChildren(of: String, at: [Int])
    /// The source removed the children of an expanded parent at these indexes.
    case removeChildren(of: String, at: [Int])
    /// The source inserted the items of these ids among the children of a parent, at these indexes of its new list.
    case insertItems([String], of: String, at: [Int])
    /// The source removed the items of these ids from the children of a parent.
    case removeItems([String], of: String)
    /// The parent of an item changed (added, removed or replaced).
    case invalidateParent(of: String)
    /// The children of an item changed.
    case invalidateChildren(of: String)
    /// A long list shown with an estimated count has `count` children.
    case resizeChildren(of: String, count: Int)
    /// The content of these items changed; their ids did not.
    case invalidateItems([String])
    /// Everything changed: load again, keeping the path and focus where they still exist.
    case reloadAll
    /// The data may have changed: the lists on screen are read again and compared by id (focus, marks, filters,
    /// expansion and scroll kept where their items still exist); the others are read again when next shown.
    case refreshShown

    /// The source showed (or hid) its hidden entries; `changed` is false when it has none.
    case hiddenToggled(shows: Bool, changed: Bool)
    /// The source answered a loading request: routed to the loading family.
    case loaded(LoadAnswer)
}

/// An item delivered for an index of its parent's children.
package struct IndexedItem: Sendable, Hashable {
    /// The index among the parent's children.
    package var index: Int
    /// The item.
    package var item: SourceItem

    /// Creates a pair.
    package init(index: Int, item: SourceItem) {
        self.index = index
        self.item = item
    }
}
