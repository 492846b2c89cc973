import ArborCore

/// Draws the outline: one row per item with indentation guides, `▸`/`▾` markers and child counts.
struct OutlinePainter {
    let state: BrowserState
    /// The last search, highlighted in the titles.
    var search: TextMatcher?
    /// The spinner frame for items whose count is pending.
    var spinnerFrame: String = FooterPainter.spinner[0]

    /// Draws the rows in view from row `y` for `height` rows across the grid's width.
    func paint(y: Int, height: Int, into grid: inout CellGrid) {
        let outline = state.outline
        guard height > 0 else { return }
        if outline.rows.isEmpty {
            let text = state.loads.root.failureMessage.map { "⚠ " + $0 } ?? (state.loads.root.isLoading ? "loading…" : "(no items)")
            grid.write(text, x: 1, y: y, limit: grid.width - 2, style: CellStyle(.dim))
            return
        }
        var position = outline.scroll
        while position < outline.rows.count, position - outline.scroll < height {
            paintRow(position, y: y + position - outline.scroll, into: &grid)
            position += 1
        }
    }

    /// The guides in front of a row's marker, two cells a level, nearest levels kept when they do not all fit.
    func guides(for row: OutlineRow, room: Int) -> String {
        guard row.depth > 0 else { return "" }
        let levels = min(row.depth, max(1, room / 2))
        var parts = [row.isLastChild(in: state.store) ? "└─" : "├─"]
        var node = row.parent
        for _ in 1..<levels {
            parts.append(isLastChild(node) ? "  " : "│ ")
            guard let parent = state.store[node].parent else { break }
            node = parent
        }
        let prefix = levels < row.depth ? "…" : ""
        return prefix + parts.reversed().joined()
    }

    private func isLastChild(_ node: NodeHandle) -> Bool {
        let parent = state.store[node].parent ?? state.outline.topParent
        return state.store.children(of: parent).last == node
    }

    /// The marker: `▾` expanded, `▸` collapsed with children, `·` a leaf.
    func marker(for item: NodeHandle) -> String {
        let node = state.store[item]
        if node.childCount == 0 { return "·" }
        return state.navigation.expanded.contains(item) ? "▾" : "▸"
    }

    /// The count at the right of a row: its children, a spinner while they are counted, or nothing.
    private func count(for row: OutlineRow) -> String {
        let node = state.store[row.item]
        if let counts = node.content?.changeCounts { return counts.text }
        if let childCount = node.childCount { return childCount > 0 ? String(childCount) : "" }
        return state.loads.countsPending.contains(row.item) || node.childLoad.isLoading ? spinnerFrame : ""
    }

    /// Where a row's parts go across `width` cells: the first cell of its guides, the cell after the last
    /// one the title may take, and the guides themselves.
    private func geometry(of row: OutlineRow, count: String, width: Int) -> (guidesX: Int, right: Int, guides: String) {
        let x = 1 + (state.selection.mode == .none ? 0 : 2)
        let countWidth = DisplayWidth.of(count)
        let right = width - 1 - (countWidth > 0 ? countWidth + 1 : 0)
        return (x, right, guides(for: row, room: max(0, (right - x) / 2)))
    }

    /// The cell of a row's `▸`/`▾` marker in a frame `width` cells wide (where the mouse expands it).
    func markerColumn(ofRow position: Int, width: Int) -> Int {
        let row = state.outline.rows[position]
        let place = geometry(of: row, count: count(for: row), width: width)
        return place.guidesX + min(CellGrid.drawnWidth(of: place.guides), max(0, place.right - place.guidesX))
    }

    private func paintRow(_ position: Int, y: Int, into grid: inout CellGrid) {
        let row = state.outline.rows[position]
        let node = state.store[row.item]
        let focused = position == state.outline.focus
        grid.fill(" ", x: 0, y: y, count: grid.width, style: CellStyle(.plain, highlighted: focused))
        if focused { grid.write("▌", x: 0, y: y, limit: 1, style: CellStyle(.focusBar, highlighted: true)) }
        let countText = count(for: row)
        let countWidth = DisplayWidth.of(countText)
        let place = geometry(of: row, count: countText, width: grid.width)
        let right = place.right
        var x = place.guidesX
        if state.selection.mode != .none {
            let marked = state.selection.contains(node.id)
            grid.write(marked ? "●" : "○", x: 1, y: y, limit: 1, style: CellStyle(marked ? .selectedIcon : .icon, highlighted: focused))
        }
        x += grid.write(place.guides, x: x, y: y, limit: max(0, right - x), style: CellStyle(.guide, highlighted: focused))
        let mark = marker(for: row.item)
        let expanded = mark == "▾"
        x += grid.write(mark + " ", x: x, y: y, limit: max(0, right - x), style: CellStyle(expanded ? .selectedIcon : .icon, highlighted: focused))
        if let icon = node.content?.icon, !icon.isEmpty {
            x += grid.write(icon + " ", x: x, y: y, limit: max(0, min(3, right - x)),
                            style: CellStyle(.change(node.content?.change), highlighted: focused))
        }
        if focused { grid.cursor = GridPoint(row: y, column: x) }
        let written = grid.write(node.title, x: x, y: y, limit: max(0, right - x), style: CellStyle(.title, highlighted: focused))
        grid.highlight(search, in: node.title, x: x, y: y, written: written)
        x += written
        if let scalar = node.content?.scalar {
            grid.writeValue(scalar, previous: node.content?.previousScalar, x: x, y: y, limit: right - x, highlighted: focused)
        } else if let subtitle = node.content?.subtitle, !subtitle.isEmpty, right - x > 4 {
            grid.write(subtitle, x: x + 2, y: y, limit: right - x - 2, style: CellStyle(.subtitle, highlighted: focused))
        }
        if countWidth > 0 {
            grid.write(countText, x: grid.width - 1 - countWidth, y: y, limit: countWidth, style: CellStyle(.icon, highlighted: focused))
        }
    }
}
