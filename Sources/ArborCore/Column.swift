/// One column of the browser: the children of one parent, with a focus and a scroll offset.
public struct Column: Sendable, Hashable {
    /// The node whose children the column lists.
    public internal(set) var parent: NodeHandle
    /// The index of the focused item among the parent's children.
    public internal(set) var focus: Int = 0
    /// The index of the first item on screen.
    public internal(set) var scroll: Int = 0
    /// The focused item by identity; kept while the children are loading so it can be found again.
    public internal(set) var focusedItem: NodeHandle?
    /// The filter narrowing the column, if one is on.
    public internal(set) var filter: ColumnFilter?

    /// Creates a column listing the children of `parent`.
    public init(parent: NodeHandle, focusedItem: NodeHandle? = nil) {
        self.parent = parent
        self.focusedItem = focusedItem
    }
}
