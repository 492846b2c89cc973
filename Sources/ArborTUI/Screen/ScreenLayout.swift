import ArborCore

/// Where everything of one frame goes, computed once from the state and the size, and used alike by the
/// painters, the mouse's hit-testing and the help's paging.
public struct ScreenLayout: Sendable, Hashable {
    /// Where one column is drawn: its box (borders included; the whole width in compact mode, without box) and
    /// the rows and cells inside.
    public struct ColumnFrame: Sendable, Hashable {
        /// The column's index in the state.
        public var column: Int
        /// The first cell of the frame, from the left.
        public var x: Int
        /// The cells the frame takes, borders included.
        public var width: Int
        /// The rightmost cell that still belongs to the column for the mouse (the icon is at its left).
        public var right: Int
    }

    /// The sizes of the frame's parts.
    public var metrics: ScreenMetrics
    /// The columns on screen, left to right (one in compact mode; none in the outline).
    public var columns: [ColumnFrame]
    /// The row of the breadcrumb in compact mode.
    public var breadcrumbRow: Int?
    /// The row of the footer or the prompt.
    public var footerRow: Int
    /// How many lines of the help fit in its box.
    public var helpRoom: Int

    /// The column frame holding the cell at x, if any.
    public func column(at x: Int) -> ColumnFrame? {
        if metrics.isCompact { return columns.first }
        return columns.first { x >= $0.x && x < $0.x + $0.width }
    }
}

extension BrowserScreen {
    /// The layout of a frame of this size for this state; `header` makes room for the object header.
    public func layout(for state: BrowserState, header: Bool = false, width: Int, height: Int) -> ScreenLayout {
        let metrics = metrics(for: state, header: header, width: width, height: height)
        var columns: [ScreenLayout.ColumnFrame] = []
        if state.layout == .columns, !state.columns.isEmpty {
            if metrics.isCompact {
                if state.columns.indices.contains(state.focusedColumn) {
                    columns = [.init(column: state.focusedColumn, x: 0, width: width, right: width)]
                }
            } else {
                let slotWidth = width / metrics.columnSlots
                for slot in 0..<metrics.columnSlots where state.columnOffset + slot < state.columns.count {
                    let x = slot * slotWidth
                    let last = slot == metrics.columnSlots - 1
                    columns.append(.init(column: state.columnOffset + slot, x: x, width: last ? width - x : slotWidth,
                                         right: last ? width - 1 : x + slotWidth - 1))
                }
            }
        }
        let helpLines = keyMap.bindings.count
        return ScreenLayout(
            metrics: metrics, columns: columns,
            breadcrumbRow: metrics.isCompact && state.layout == .columns ? metrics.contentTop - 1 : nil,
            footerRow: height - 1, helpRoom: max(0, min(height, helpLines + 4) - 4))
    }
}
