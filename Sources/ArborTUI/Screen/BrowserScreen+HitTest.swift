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
        let (width, metrics) = (layout.width, layout.metrics)
        let row = y - metrics.contentTop
        if state.layout == .outline {
            guard row >= 0, row < metrics.contentHeight else { return nil }
            let index = state.outline.scroll + row
            guard state.outline.rows.indices.contains(index) else { return nil }
            let markerX = OutlinePainter(state: state).markerColumn(ofRow: index, width: width)
            return .item(column: 0, index: index, onIcon: abs(x - markerX) <= 1)
        }
        guard !state.columns.isEmpty else { return nil }
        if let breadcrumb = layout.breadcrumbRow, y == breadcrumb {
            if x <= 2 { return .levelBefore }
            if x >= width - 3 { return .levelAfter }
            return nil
        }
        guard let place = layout.column(at: x), row >= 0, row < metrics.contentHeight else { return nil }
        let column = place.column
        let perCell = metrics.rowsPerCell
        if perCell > 1, row % perCell == perCell - 1 { return .column(column) }
        let index = state.columns[column].scroll + row / perCell
        guard state.items(in: column).indices.contains(index) else { return .column(column) }
        let onIcon = row % perCell == 0 && x >= place.iconLeft
        return .item(column: column, index: index, onIcon: onIcon)
    }
}
