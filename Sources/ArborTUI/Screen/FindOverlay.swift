import ArborCore

/// A box listing the results of a find: each item's title and the path to it.
struct FindOverlay {
    let state: BrowserState
    let results: FindResults

    /// The path of titles above an item, from the top level.
    func location(of item: NodeHandle) -> String {
        let top = state.layout == .outline ? state.outline.topParent : state.columns.first?.parent
        var titles: [String] = []
        var node = item
        while let parent = state.store[node].parent, parent != top {
            titles.append(state.store[parent].title)
            node = parent
        }
        return titles.reversed().joined(separator: " › ")
    }

    func paint(into grid: inout CellGrid) {
        let width = min(grid.width, max(40, grid.width * 4 / 5))
        let height = min(grid.height, max(5, grid.height * 4 / 5))
        guard width >= 10, height >= 4 else { return }
        let x = (grid.width - width) / 2
        let y = (grid.height - height) / 2
        for row in y..<(y + height) { grid.fill(" ", x: x, y: row, count: width, style: .plain) }
        let count = results.items.count
        let title = "\(count == FindResults.limit ? "\(count)+" : String(count)) found for '\(results.query)'"
        grid.drawBox(x: x, y: y, width: width, height: height, title: title, titleStyle: CellStyle(.columnTitle))
        grid.write(" Enter opens · Esc closes ", x: x + 2, y: y + height - 1, limit: width - 4, style: CellStyle(.dim))
        let rows = height - 2
        guard count > 0 else {
            grid.write("nothing loaded matches", x: x + 2, y: y + 1, limit: width - 4, style: CellStyle(.dim))
            return
        }
        let first = max(0, min(results.focus - rows / 2, count - rows))
        let matcher = TextMatcher(results.query)
        for (offset, item) in results.items[first..<min(count, first + rows)].enumerated() {
            let row = y + 1 + offset
            let focused = first + offset == results.focus
            grid.fill(" ", x: x + 1, y: row, count: width - 2, style: CellStyle(.plain, highlighted: focused))
            let title = state.store[item].title
            let used = grid.write(title, x: x + 2, y: row, limit: width - 4, style: CellStyle(.title, highlighted: focused))
            grid.highlight(matcher, in: title, x: x + 2, y: row, written: used)
            let place = location(of: item)
            if !place.isEmpty, width - 4 - used > 6 {
                grid.write(place, x: x + 4 + used, y: row, limit: width - 6 - used, style: CellStyle(.subtitle, highlighted: focused))
            }
        }
    }
}
