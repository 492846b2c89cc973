import ArborCore

/// A box listing the matches of a find, best first: each title with its matched characters highlighted and the
/// path of titles above it, and a line saying how far the walk has gone.
struct FindOverlay {
    let find: FindState

    func paint(in box: ScreenLayout.Box, into grid: inout CellGrid) {
        let (x, y, width, height) = (box.x, box.y, box.width, box.height)
        grid.clear(x: x, y: y, width: width, height: height)
        grid.drawBox(x: x, y: y, width: width, height: height, title: title, titleStyle: CellStyle(.columnTitle))
        grid.write(" \(status) ", x: x + 2, y: y + height - 1, limit: width - 4, style: CellStyle(.dim))
        let rows = height - 2
        guard !find.hits.isEmpty else {
            let note = find.query.isEmpty ? "type to search every item" : find.isSearching ? "searching…" : "nothing matches"
            grid.write(note, x: x + 2, y: y + 1, limit: width - 4, style: CellStyle(.dim))
            return
        }
        let count = find.hits.count
        let first = max(0, min(find.focus - rows / 2, count - rows))
        for (offset, hit) in find.hits[first..<min(count, first + rows)].enumerated() {
            paint(hit, row: y + 1 + offset, x: x, width: width, focused: first + offset == find.focus, into: &grid)
        }
    }

    private func paint(_ hit: FindHit, row: Int, x: Int, width: Int, focused: Bool, into grid: inout CellGrid) {
        grid.fill(" ", x: x + 1, y: row, count: width - 2, style: CellStyle(.plain, highlighted: focused))
        let used = grid.write(hit.title, x: x + 2, y: row, limit: width - 4, style: CellStyle(.title, highlighted: focused))
        grid.highlight(TextMatch.ranges(of: hit.positions, in: hit.title), in: hit.title, x: x + 2, y: row, written: used)
        guard !hit.path.isEmpty, width - 4 - used > 6 else { return }
        let place = "‹ " + hit.path.joined(separator: " › ")
        grid.write(place, x: x + 4 + used, y: row, limit: width - 6 - used, style: CellStyle(.subtitle, highlighted: focused))
    }

    private var title: String {
        let total = find.total
        let shown = total > find.hits.count ? " (best \(find.hits.count.formatted))" : ""
        if find.query.isEmpty { return "find" }
        return find.hasReported ? "\(total.formatted) found for '\(find.query)'\(shown)" : "searching for '\(find.query)'…"
    }

    /// How far the walk has gone and which keys change it.
    private var status: String {
        guard let progress = find.progress else { return find.isSearching ? "searching…" : "Enter opens · Esc closes" }
        var parts = ["\(progress.visited.formatted) items searched"]
        if progress.isWalking {
            parts[0] = "walking: " + parts[0]
            if let depth = progress.bound.depth { parts.append("depth ≤ \(depth)") }
            if let items = progress.bound.items { parts.append("at most \(items.formatted)") }
            parts.append("Esc stops")
        } else if !progress.isComplete {
            parts.append(find.isStopped ? "walk stopped" : "bound reached")
            parts.append("Ctrl-L searches further")
        }
        if let failure = progress.failure { parts.append(failure) }
        parts.append("Enter opens")
        return parts.joined(separator: " · ")
    }
}

extension Int {
    /// The number with thousands separated by commas.
    var formatted: String {
        let digits = String(magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return self < 0 ? "-" + grouped : grouped
    }
}
