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
        var model = cellFlags(at: position, item: item, id: node.id)
        (model.content, model.fallbackTitle) = (node.content, node.id)
        return model
    }

    /// The cell model of the item at a position of the column without its content and id: its flags, counts and
    /// search, read without copying the node's texts (`id` is read only for the picker's marks).
    func cellFlags(at position: Int, item: NodeHandle, id: String? = nil) -> ObjectCellModel {
        let childCount = state.store.childCount(of: item)
        let column = state.navigation.levels[index]
        let isFocused = column.focus == position
        return ObjectCellModel(
            content: nil,
            fallbackTitle: "",
            childCount: childCount,
            hasIcon: childCount != 0,
            isExpanded: state.expandedItem(in: index) == item,
            isFocused: isFocused,
            isHighlighted: isFocused && index == state.navigation.focusedLevel,
            isMarked: state.selection.mode == .none ? nil : state.selection.contains(id ?? state.store.id(of: item)),
            pendingCount: childCount == nil && state.loads.countsPending.contains(item) ? spinnerFrame : nil,
            match: column.filter?.matcher ?? (index == state.navigation.focusedLevel ? search : nil)
        )
    }

    /// What the column is drawn from besides its cells, for `height` rows: its title, the items in view, and
    /// its note.
    func key(title: String, titleHighlighted: Bool, height: Int) -> FrameMemo.ColumnKey {
        let items = state.items(in: index)
        let scroll = state.navigation.levels[index].scroll
        let room = metrics.fullCells ? height / metrics.rowsPerCell + 1 : height
        let shown = scroll < items.count ? (scroll..<min(items.count, scroll + room)).map { items[$0] } : []
        return FrameMemo.ColumnKey(title: title, titleHighlighted: titleHighlighted, shown: shown, itemCount: items.count,
                                   note: items.isEmpty ? emptyText().text : state.store[state.navigation.levels[index].parent].childNotice)
    }

    /// What a column without items says, and its style.
    private func emptyText() -> (text: String, role: StyleRole) {
        let parent = state.store[state.navigation.levels[index].parent]
        if let failure = parent.childLoad.failureMessage { return ("⚠ " + failure, .error) }
        if parent.childLoad.isLoading || parent.children == nil { return ("loading…", .dim) }
        if state.navigation.levels[index].filter?.isMatching == true { return ("matching…", .dim) }
        return ("(no items)", .dim)
    }

    /// Draws the items from row `y` for `height` rows in `width` cells from `x`. `inPlace`: the grid shows the
    /// column as the last frame drew it from the same ``key(title:titleHighlighted:height:)``, so only the cells
    /// that changed are drawn.
    func paint(x: Int, y: Int, width: Int, height: Int, separatorInset: Int, inPlace: Bool = false, into grid: inout CellGrid) {
        guard width > 0, height > 0 else { return }
        let items = state.items(in: index)
        if items.isEmpty {
            guard !inPlace else { return }
            let (text, role) = emptyText()
            grid.write(text, x: x + 1, y: y, limit: width - 1, style: CellStyle(role))
            return
        }
        var row = y
        for cell in cells(y: y, height: height) {
            let item = items[cell.position]
            let stamp = state.store.contentStamp(of: item)
            // A cell left in place is known by its content's stamp and its flags, without reading its texts.
            if !inPlace || !memo.keepsInPlace(cellFlags(at: cell.position, item: item), item: item, stamp: stamp, full: cell.full, x: x,
                                               y: cell.row, width: width) {
                memo.paint(cellModel(at: cell.position, item: item), item: item, stamp: stamp, full: cell.full, x: x, y: cell.row, width: width,
                           into: &grid)
            }
            row = cell.row + (cell.full ? 3 : 1)
            if metrics.fullCells, cell.position + 1 < items.count, row < y + height {
                if !inPlace { grid.fill("─", x: x + separatorInset, y: row, count: width - separatorInset, style: CellStyle(.separator)) }
                row += 1
            }
        }
        if !inPlace, row < y + height, let notice = state.store[state.navigation.levels[index].parent].childNotice {
            grid.write("⚠ " + notice, x: x + 1, y: y + height - 1, limit: width - 1, style: CellStyle(.error))
        }
    }

    /// The cells in view from row `y` for `height` rows: each item's position in the column, its first row, and
    /// whether it is drawn on three lines.
    func cells(y: Int, height: Int) -> [(position: Int, row: Int, full: Bool)] {
        let items = state.items(in: index)
        let level = state.navigation.levels[index]
        var result: [(position: Int, row: Int, full: Bool)] = []
        var row = y
        var position = level.scroll
        while position < items.count, row < y + height {
            let full = (metrics.fullCells || metrics.focusedCellFull && position == level.focus) && row + 2 < y + height
            result.append((position, row, full))
            row += full ? 3 : 1
            if metrics.fullCells, position + 1 < items.count, row < y + height { row += 1 }
            position += 1
        }
        return result
    }
}
