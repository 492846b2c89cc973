import ArborCore

/// What lies under a cell of the screen, for the mouse.
package enum ScreenTarget: Sendable, Hashable {
    /// An item of a column (in the outline: a row, column 0); `onIcon` when the hierarchy icon or marker is hit.
    case item(column: Int, index: Int, onIcon: Bool)
    /// Somewhere in a column, below its items.
    case column(Int)
    /// The breadcrumb's left arrow.
    case levelBefore
    /// The breadcrumb's right arrow.
    case levelAfter
}

extension BrowserScreen {
    /// The cells at the right of a column that count as the hierarchy icon.
    static let iconHitWidth = 7

    /// What is under the cell at (x, y) of the frame `layout` describes.
    package func target(at x: Int, y: Int, state: BrowserState, layout: ScreenLayout) -> ScreenTarget? {
        view(of: state.layout).target(at: x, y: y, state: state, layout: layout)
    }
}
