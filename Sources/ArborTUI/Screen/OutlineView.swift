import ArborCore

/// The outline's part of the frame: one list of rows under the header, no column boxes.
struct OutlineView: HierarchyView {
    func frame(for state: BrowserState, headerRows: Int, width: Int, height: Int)
        -> (metrics: ScreenMetrics, columns: [ScreenLayout.ColumnFrame], breadcrumbRow: Int?) {
        let slots = max(1, width / BrowserScreen.minimumColumnWidth)
        let metrics = ScreenMetrics(isCompact: slots < 2, columnSlots: 1, fullCells: false, contentTop: 1 + headerRows,
                                    contentHeight: max(0, height - 2 - headerRows), headerRows: headerRows)
        return (metrics, [], nil)
    }

    func paint(_ state: BrowserState, layout: ScreenLayout, search: TextMatcher?, spinnerFrame: String, into grid: inout CellGrid) {
        OutlinePainter(state: state, search: search, spinnerFrame: spinnerFrame)
            .paint(y: layout.metrics.contentTop, height: layout.metrics.contentHeight, into: &grid)
    }

    func target(at x: Int, y: Int, state: BrowserState, layout: ScreenLayout) -> ScreenTarget? {
        let row = y - layout.metrics.contentTop
        guard row >= 0, row < layout.metrics.contentHeight else { return nil }
        let index = state.outline.scroll + row
        guard state.outline.rows.indices.contains(index) else { return nil }
        let markerX = OutlinePainter(state: state).markerColumn(ofRow: index, width: layout.width)
        return .item(column: 0, index: index, onIcon: abs(x - markerX) <= 1)
    }

    func levelLabel(_ state: BrowserState) -> String { "" }
}
