/// Draws the preview pane: a box titled with what it shows, its rows from the scroll position, and a note on
/// its bottom border (the position, a command's exit status, a cut).
struct PreviewPainter {
    let pane: PreviewPane
    let title: String

    /// The rows of content the box holds.
    static func room(_ box: ScreenLayout.Box) -> (width: Int, height: Int) {
        (max(0, box.width - 4), max(0, box.height - 2))
    }

    /// The content's rows from `first`, at most `count`, lines wrapped at `width` when they wrap; with the
    /// number of rows counted (wrapping stops a row past the rows asked for, within a line too, so a long text
    /// costs what is shown: then the count is of the rows up to one past those asked for) and whether those asked
    /// for reach the content's last row.
    static func rows(of content: PreviewContent, wraps: Bool, width: Int, from first: Int, count: Int) -> (rows: [StyledLine], seen: Int, reachesEnd: Bool) {
        guard wraps else {
            let start = min(first, content.lines.count)
            return (Array(content.lines[start..<min(content.lines.count, start + count)]), content.lines.count,
                    start + count >= content.lines.count)
        }
        var rows: [StyledLine] = []
        var seen = 0
        for line in content.lines {
            for row in line.rows(width: width, limit: first + count + 1 - seen) {
                if seen >= first, rows.count < count { rows.append(row) }
                seen += 1
            }
            if rows.count >= count, seen > first + count { return (rows, seen, false) }
        }
        return (rows, seen, true)
    }

    func paint(in box: ScreenLayout.Box, into grid: inout CellGrid) {
        grid.drawBox(x: box.x, y: box.y, width: box.width, height: box.height, title: title, titleStyle: CellStyle(.columnTitle))
        let room = Self.room(box)
        for y in (box.y + 1)..<(box.y + box.height - 1) { grid.fill(" ", x: box.x + 1, y: y, count: box.width - 2, style: .plain) }
        guard let content = pane.content else {
            if pane.isLoading { grid.write("loading…", x: box.x + 2, y: box.y + 1, limit: room.width, style: CellStyle(.dim)) }
            return
        }
        let wraps = content.wraps || pane.window.wrap
        let (rows, seen, reachesEnd) = Self.rows(of: content, wraps: wraps, width: room.width, from: pane.scroll, count: room.height)
        for (offset, row) in rows.enumerated() {
            var x = box.x + 2
            for run in row.runs where x < box.x + 2 + room.width {
                x += grid.write(run.text, x: x, y: box.y + 1 + offset, limit: box.x + 2 + room.width - x, style: run.style)
            }
        }
        var notes: [String] = []
        if let note = content.note { notes.append(note) }
        if pane.isLoading { notes.append("…") }
        if seen > room.height || pane.scroll > 0 || content.isCut {
            notes.append("\(min(pane.scroll + 1, max(1, seen)))/\(seen)\(content.isCut || (wraps && !reachesEnd) ? "+" : "")")
        }
        guard !notes.isEmpty, box.width > 6 else { return }
        let text = " " + notes.joined(separator: " · ") + " "
        let width = min(CellGrid.drawnWidth(of: text), box.width - 4)
        grid.write(text, x: box.x + box.width - 2 - width, y: box.y + box.height - 1, limit: width, style: CellStyle(.dim))
    }
}
