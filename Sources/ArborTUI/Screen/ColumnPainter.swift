import ArborCore

/// Draws the items of one column into a rectangle, scrolled to the column's offset.
struct ColumnPainter {
    let state: BrowserState
    let index: Int
    let metrics: ScreenMetrics
    /// The last search, highlighted when this column is focused.
    var search: TextMatcher?
    /// The spinner frame for items whose count is pending.
    var spinnerFrame: String = FooterPainter.spinner[0]
    /// The last frame's cells, copied where an item is drawn the same.
    let memo: CellPaintMemo

    /// The cell model of the item at a position of the column.
    func cellModel(at position: Int, item: NodeHandle) -> ObjectCellModel {
        let node = state.store.cellParts(of: item)
        let column = state.columns[index]
        let isFocused = column.focus == position
        return ObjectCellModel(
            content: node.content,
            fallbackTitle: node.id,
            childCount: node.childCount,
            hasIcon: node.childCount != 0,
            isExpanded: state.expandedItem(in: index) == item,
            isFocused: isFocused,
            isHighlighted: isFocused && index == state.focusedColumn,
            isMarked: state.selection.mode == .none ? nil : state.selection.contains(node.id),
            pendingCount: node.childCount == nil && state.loads.countsPending.contains(item) ? spinnerFrame : nil,
            match: column.filter?.matcher ?? (index == state.focusedColumn ? search : nil)
        )
    }

    /// Draws the items from row `y` for `height` rows in `width` cells from `x`.
    func paint(x: Int, y: Int, width: Int, height: Int, separatorInset: Int, into grid: inout CellGrid) {
        guard width > 0, height > 0 else { return }
        let items = state.items(in: index)
        if items.isEmpty {
            let parent = state.store[state.columns[index].parent]
            let (text, role): (String, StyleRole) =
                if let failure = parent.childLoad.failureMessage { ("⚠ " + failure, .error) }
                else if parent.childLoad.isLoading || parent.children == nil { ("loading…", .dim) }
                else if state.columns[index].filter?.isMatching == true { ("matching…", .dim) }
                else { ("(no items)", .dim) }
            grid.write(text, x: x + 1, y: y, limit: width - 1, style: CellStyle(role))
            return
        }
        let scroll = state.columns[index].scroll
        var row = y
        var position = scroll
        while position < items.count, row < y + height {
            let full = metrics.fullCells && row + 2 < y + height
            memo.paint(cellModel(at: position, item: items[position]), item: items[position], full: full, x: x, y: row, width: width,
                       into: &grid)
            row += full ? 3 : 1
            if metrics.fullCells, position + 1 < items.count, row < y + height {
                grid.fill("─", x: x + separatorInset, y: row, count: width - separatorInset, style: CellStyle(.separator))
                row += 1
            }
            position += 1
        }
        if row < y + height, let notice = state.store[state.columns[index].parent].childNotice {
            grid.write("⚠ " + notice, x: x + 1, y: y + height - 1, limit: width - 1, style: CellStyle(.error))
        }
    }
}
