/// One level of the expanded path: the children of one parent, with a focus and a scroll offset (a level on
/// screen in the levels layout).
package struct Level: Sendable, Hashable {
    /// The node whose children the level lists.
    package internal(set) var parent: NodeHandle
    /// The index of the focused item among the parent's children.
    package internal(set) var focus: Int = 0
    /// The index of the first item on screen.
    package internal(set) var scroll: Int = 0
    /// The focused item by identity; kept while the children are loading so it can be found again.
    package internal(set) var focusedItem: NodeHandle?
    /// The filter narrowing the level, if one is on.
    package internal(set) var filter: LevelFilter?

    /// Creates a level listing the children of `parent`.
    package init(parent: NodeHandle, focusedItem: NodeHandle? = nil) {
        self.parent = parent
        self.focusedItem = focusedItem
    }

    /// The child positions behind these rows of the level when a paged filter narrows it (nothing otherwise).
    func childPositions(ofRows rows: [Int]) -> [Int] {
        guard let positions = filter?.positions else { return [] }
        return rows.filter { positions.indices.contains($0) }.map { Int(positions[$0]) }
    }
}
