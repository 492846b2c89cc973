import ArborCore
import Synchronization

/// An item drawn on the last frame and where: its cell's rectangle on the terminal (the seed's `cellForItem`).
public struct ShownItem: Sendable, Hashable {
    /// The item's id.
    public var id: String
    /// The level (column) it is listed in, 0 for the first.
    public var level: Int
    /// The cell's first column on the terminal, from 0 at the left.
    public var x: Int
    /// The cell's first row on the terminal, from 0 at the top.
    public var y: Int
    /// The columns the cell takes.
    public var width: Int
    /// The rows the cell takes: three for a cell drawn whole, one otherwise.
    public var height: Int
    /// Whether it is the focused item of its level.
    public var isFocused: Bool
}

/// What the last frame showed: the items in view, and the focused one.
public struct ShownItems: Sendable, Hashable {
    /// The items drawn, level by level, top down.
    public var items: [ShownItem] = []
    /// The item with the browser's focus, or nil before the first item shows.
    public var focusedID: String?
    /// The ids of the marked items, in the order they were marked.
    public var marked: [String] = []

    /// Nothing shown yet.
    public init() {}

    /// The item of this id if it is drawn.
    public func item(_ id: String) -> ShownItem? { items.first { $0.id == id } }
}

/// The last frame's ``ShownItems``, written by the run loop after each frame and read from any thread.
package final class ShownBoard: Sendable {
    private let shown = Mutex(ShownItems())

    package init() {}

    /// What the last frame showed.
    package var current: ShownItems { shown.withLock { $0 } }

    /// Notes a frame's items.
    package func publish(_ items: ShownItems) { shown.withLock { $0 = items } }
}

extension BrowserController {
    /// The items the last rendered frame shows, with their cells (columns and the one column of compact width;
    /// the outline reports the focus only).
    package func shownItems() -> ShownItems {
        var result = ShownItems()
        result.focusedID = state.focusedItem.flatMap { $0 == NodeStore.placeholder ? nil : state.store[$0].id }
        result.marked = state.selection.ids
        guard state.layout == .columns else { return result }
        let metrics = layout.metrics
        for frame in layout.columns where state.navigation.levels.indices.contains(frame.column) {
            let (x, width) = metrics.isCompact ? (0, layout.width) : (frame.x + 1, frame.width - 2)
            let painter = ColumnPainter(state: state, index: frame.column, metrics: metrics, memo: screen.cellMemo)
            let items = state.items(in: frame.column)
            for cell in painter.cells(y: metrics.contentTop, height: metrics.contentHeight) where items[cell.position] != NodeStore.placeholder {
                result.items.append(ShownItem(id: state.store[items[cell.position]].id, level: frame.column, x: x, y: cell.row, width: width,
                                              height: cell.full ? 3 : 1,
                                              isFocused: cell.position == state.navigation.levels[frame.column].focus))
            }
        }
        return result
    }
}
