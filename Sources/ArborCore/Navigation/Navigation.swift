/// Where the user is in the hierarchy, one value whatever the layout: the expanded path as levels (each with
/// its focus and scroll), the focused level, and the items left open.
///
/// The columns and the outline are projections of it (``NavigationProjection``): the levels show the levels
/// side by side, the outline shows the levels' lists nested, with every item of ``expanded`` open; a move in
/// either changes this one value, so switching the layout keeps the path, the focus and the open items.
package struct Navigation: Sendable {
    /// Whether the levels or the outline show the navigation.
    package internal(set) var layout: Layout
    /// The expanded path: level N+1 lists the children of the item focused at level N.
    package internal(set) var levels: [Level] = []
    /// The index of the level that has the focus.
    package internal(set) var focusedLevel = 0
    /// The index of the first level on screen as a level.
    package internal(set) var levelOffset = 0
    /// The items left open in the outline, on the path or not: the outline's memory of what was expanded.
    package internal(set) var expanded: Set<NodeHandle> = []
    /// The outline's rows, focus and scroll, kept while the outline is shown.
    package internal(set) var outline = Outline()
    /// The root of what is shown (it moves up when the parent of the root is asked for).
    package internal(set) var root: NodeHandle?
    /// Whether the root is virtual: not shown, its children forming the first level.
    package internal(set) var rootIsVirtual = false
    /// How many levels fit on screen side by side.
    package internal(set) var visibleColumns = 1
    /// How many items of a list fit on screen.
    package internal(set) var itemsPerPage = 1
    /// The path a reveal (`--select`, a find's match, a reload) is opening, level by level.
    var revealing = PendingReveal()

    /// Creates a navigation with nothing loaded, shown in a layout.
    init(layout: Layout) {
        self.layout = layout
    }

    /// The node whose children form the first level (and the outline's top rows).
    var topParent: NodeHandle { levels.first?.parent ?? NodeStore.top }

    /// The focused item: the item focused at the focused level.
    var focusedItem: NodeHandle? {
        levels.indices.contains(focusedLevel) ? levels[focusedLevel].focusedItem : nil
    }

    /// The items from the top level down to the focus.
    var pathToFocus: [NodeHandle] {
        guard !levels.isEmpty else { return [] }
        return levels[0...min(focusedLevel, levels.count - 1)].compactMap(\.focusedItem)
    }

    /// The items the path opens (each level's parent below the first).
    var pathParents: [NodeHandle] { levels.dropFirst().map(\.parent) }
}
