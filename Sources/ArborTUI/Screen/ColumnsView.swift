import ArborCore

/// The columns' part of the frame: boxed columns side by side, or one column under a breadcrumb when the
/// terminal is narrow.
struct ColumnsView: HierarchyView {
    /// The screen the columns are drawn for (its cell mode and source name).
    let screen: BrowserScreen

    func frame(for state: BrowserState, headerRows: Int, width: Int, height: Int)
        -> (metrics: ScreenMetrics, columns: [ScreenLayout.ColumnFrame], breadcrumbRow: Int?) {
        let slots = max(1, width / BrowserScreen.minimumColumnWidth)
        let isCompact = slots < 2
        let mode = cellMode(state, slots: slots)
        var metrics = ScreenMetrics(
            isCompact: isCompact, columnSlots: isCompact ? 1 : slots, fullCells: mode == .full,
            contentTop: 2 + headerRows, contentHeight: max(0, height - (isCompact ? 3 : 4) - headerRows), headerRows: headerRows)
        metrics.focusedCellFull = mode == .focused
        guard !state.navigation.levels.isEmpty else { return (metrics, [], isCompact ? metrics.contentTop - 1 : nil) }
        if isCompact {
            let frames: [ScreenLayout.ColumnFrame] = state.navigation.levels.indices.contains(state.navigation.focusedLevel)
                ? [.init(column: state.navigation.focusedLevel, x: 0, width: width, right: width)] : []
            return (metrics, frames, metrics.contentTop - 1)
        }
        let shown = Array(state.navigation.levelOffset..<min(state.navigation.levels.count, state.navigation.levelOffset + metrics.columnSlots))
        var frames: [ScreenLayout.ColumnFrame] = []
        var x = 0
        for (column, columnWidth) in zip(shown, ColumnWidths.widths(state, columns: shown, width: width, fullCells: metrics.showsDetails, memo: screen.widthMemo)) {
            let last = column == shown.last
            frames.append(.init(column: column, x: x, width: columnWidth, right: last ? width - 1 : x + columnWidth - 1))
            x += columnWidth
        }
        return (metrics, frames, nil)
    }

    /// The cells of this frame: in `auto`, the focused ones in full when the columns in view have subtitles or
    /// bodies (judged on their first items, so the cost is bounded), all on one line otherwise; documents are
    /// single-line from the start (``CellMode/resolved(for:)``).
    private func cellMode(_ state: BrowserState, slots: Int) -> CellMode {
        guard screen.cellMode == .auto else { return screen.cellMode }
        guard !state.navigation.levels.isEmpty else { return .single }
        let visible = state.navigation.levelOffset..<min(state.navigation.levels.count, state.navigation.levelOffset + slots)
        let details = visible.contains { column in
            state.items(in: column).prefix(64).contains { state.store.hasDetailLines($0) }
        }
        return details ? .focused : .single
    }

    func paint(_ state: BrowserState, layout: ScreenLayout, search: TextMatcher?, spinnerFrame: String, into grid: inout CellGrid) {
        if state.navigation.levels.isEmpty {
            drawRootState(state, into: &grid)
        } else if layout.metrics.isCompact {
            drawCompact(state, layout: layout, search: search, frame: spinnerFrame, into: &grid)
        } else {
            drawColumns(state, layout: layout, search: search, frame: spinnerFrame, into: &grid)
        }
    }

    func target(at x: Int, y: Int, state: BrowserState, layout: ScreenLayout) -> ScreenTarget? {
        let metrics = layout.metrics
        let row = y - metrics.contentTop
        guard !state.navigation.levels.isEmpty else { return nil }
        if let breadcrumb = layout.breadcrumbRow, y == breadcrumb {
            if x <= 2 { return .levelBefore }
            if x >= layout.width - 3 { return .levelAfter }
            return nil
        }
        guard let place = layout.column(at: x), row >= 0, row < metrics.contentHeight else { return nil }
        let column = place.column
        let perCell = metrics.rowsPerCell
        if perCell > 1, row % perCell == perCell - 1 { return .column(column) }
        var (index, lineInCell) = (state.navigation.levels[column].scroll + row / perCell, row % perCell)
        if metrics.focusedCellFull {
            let level = state.navigation.levels[column]
            let focusRow = level.focus - level.scroll
            if focusRow >= 0, row > focusRow {
                (index, lineInCell) = row < focusRow + 3 ? (level.focus, row - focusRow) : (index - 2, 0)
            }
        }
        guard state.items(in: column).indices.contains(index) else { return .column(column) }
        let onIcon = lineInCell == 0 && x >= place.iconLeft
        return .item(column: column, index: index, onIcon: onIcon)
    }

    func levelLabel(_ state: BrowserState) -> String {
        "\(state.navigation.focusedLevel + 1)/\(state.navigation.levels.count) · "
    }

    private func drawRootState(_ state: BrowserState, into grid: inout CellGrid) {
        let (text, role): (String, StyleRole) =
            if let failure = state.loads.root.failureMessage { ("⚠ " + failure, .error) }
            else if state.loads.root == .loaded { ("(empty hierarchy)", .dim) }
            else { ("loading…", .dim) }
        grid.write(text, x: 1, y: min(2, grid.height - 1), limit: grid.width - 2, style: CellStyle(role))
    }

    /// The title above a column: its parent's, or the source's name at the top.
    private func columnTitle(_ state: BrowserState, column: Int) -> String {
        let parent = state.navigation.levels[column].parent
        if parent == NodeStore.top || (state.navigation.rootIsVirtual && parent == state.navigation.root) { return screen.sourceName }
        return state.store[parent].title
    }

    private func drawColumns(_ state: BrowserState, layout: ScreenLayout, search: TextMatcher?, frame: String, into grid: inout CellGrid) {
        let metrics = layout.metrics
        let top = metrics.contentTop - 1
        let boxHeight = metrics.contentHeight + 2
        guard boxHeight >= 2 else { return }
        for (slot, place) in layout.columns.enumerated() {
            let index = place.column
            let title = columnTitle(state, column: index)
            let painter = ColumnPainter(state: state, index: index, metrics: metrics, search: search, spinnerFrame: frame, memo: screen.cellMemo)
            let key = painter.key(title: title, titleHighlighted: index == state.navigation.focusedLevel, height: boxHeight - 2)
            let unchanged = screen.frameMemo.columnIsUnchanged(slot: slot, key: key)
            if !unchanged {
                if grid.isDrawnOver { grid.clear(x: place.x, y: top, width: place.width, height: boxHeight) }
                grid.drawBox(x: place.x, y: top, width: place.width, height: boxHeight, title: title,
                             titleStyle: CellStyle(.columnTitle, highlighted: key.titleHighlighted))
            }
            painter.paint(x: place.x + 1, y: top + 1, width: place.width - 2, height: boxHeight - 2, separatorInset: 0, inPlace: unchanged,
                          into: &grid)
        }
    }

    private func drawCompact(_ state: BrowserState, layout: ScreenLayout, search: TextMatcher?, frame: String, into grid: inout CellGrid) {
        let metrics = layout.metrics
        let column = state.navigation.focusedLevel
        let before = column > 0 || state.mayHaveLevelBeforeFirst
        let after = column + 1 < state.navigation.levels.count
        BreadcrumbPainter(title: columnTitle(state, column: column), hasLevelBefore: before, hasLevelAfter: after)
            .paint(row: layout.breadcrumbRow ?? metrics.contentTop - 1, into: &grid)
        let painter = ColumnPainter(state: state, index: column, metrics: metrics, search: search, spinnerFrame: frame, memo: screen.cellMemo)
        let unchanged = screen.frameMemo.columnIsUnchanged(
            slot: 0, key: painter.key(title: "", titleHighlighted: true, height: metrics.contentHeight))
        if !unchanged, grid.isDrawnOver { grid.clear(x: 0, y: metrics.contentTop, width: grid.width, height: metrics.contentHeight) }
        painter.paint(x: 0, y: metrics.contentTop, width: grid.width, height: metrics.contentHeight, separatorInset: 1, inPlace: unchanged,
                      into: &grid)
    }
}
