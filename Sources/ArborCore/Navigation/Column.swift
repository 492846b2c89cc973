/// One column of the browser: the children of one parent, with a focus and a scroll offset.
package struct Column: Sendable, Hashable {
    /// The node whose children the column lists.
    package internal(set) var parent: NodeHandle
    /// The index of the focused item among the parent's children.
    package internal(set) var focus: Int = 0
    /// The index of the first item on screen.
    package internal(set) var scroll: Int = 0
    /// The focused item by identity; kept while the children are loading so it can be found again.
    package internal(set) var focusedItem: NodeHandle?
    /// The filter narrowing the column, if one is on.
    package internal(set) var filter: ColumnFilter?

    /// Creates a column listing the children of `parent`.
    package init(parent: NodeHandle, focusedItem: NodeHandle? = nil) {
        self.parent = parent
        self.focusedItem = focusedItem
    }
}
