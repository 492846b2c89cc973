import ArborCore

/// The object header of the focused item: headline, subheadline, tags, body, footnote, description and status.
///
/// Regular width: one band, the main block on the left, the description beside it, the status aligned right.
/// Compact width: the parts are pages, cycled with Tab.
struct HeaderPainter {
    let content: ItemContent?
    /// The page shown in compact width.
    let page: Int

    /// Rows the header takes, its separator included.
    static let height = 6
    /// How many tags show at most.
    static let maximumTags = 3

    /// The tags as drawn: `[Started] [PM01] [103-Repair]`, three at most.
    static func tagText(_ tags: [String]) -> String {
        tags.prefix(maximumTags).map { "[\($0)]" }.joined(separator: " ")
    }

    /// The pages of the compact header: main (headline, subheadline, tags), details (body, footnote), description.
    static func pages(of content: ItemContent) -> [[(String, StyleRole)]] {
        var pages: [[(String, StyleRole)]] = [[(content.title, .title), (content.subtitle, .subtitle), (tagText(content.tags), .tag)]]
        if !content.body.isEmpty || !content.footnote.isEmpty { pages.append([(content.body, .body), (content.footnote, .dim)]) }
        if !content.description.isEmpty { pages.append([(content.description, .body)]) }
        return pages
    }

    /// Draws the header in rows `y..<y + height`.
    func paint(y: Int, compact: Bool, into grid: inout CellGrid) {
        for row in y..<(y + Self.height - 1) { grid.fill(" ", x: 0, y: row, count: grid.width, style: CellStyle(.plain)) }
        grid.fill("─", x: 0, y: y + Self.height - 1, count: grid.width, style: CellStyle(.separator))
        guard let content else {
            grid.write("(nothing focused)", x: 1, y: y, limit: grid.width - 2, style: CellStyle(.dim))
            return
        }
        let statusWidth = drawStatus(content, y: y, into: &grid)
        if compact {
            paintCompact(content, y: y, statusWidth: statusWidth, into: &grid)
        } else {
            paintRegular(content, y: y, statusWidth: statusWidth, into: &grid)
        }
    }

    /// Draws status and substatus aligned right; returns the cells they take.
    private func drawStatus(_ content: ItemContent, y: Int, into grid: inout CellGrid) -> Int {
        let limit = max(0, grid.width / 4)
        let width = min(limit, max(CellGrid.drawnWidth(of: content.status), CellGrid.drawnWidth(of: content.substatus)))
        guard width > 0 else { return 0 }
        for (offset, (text, role)) in [(content.status, StyleRole.status), (content.substatus, .substatus)].enumerated() {
            let textWidth = min(width, CellGrid.drawnWidth(of: text))
            grid.write(text, x: grid.width - 1 - textWidth, y: y + offset, limit: textWidth, style: CellStyle(role))
        }
        return width + 2
    }

    private func paintRegular(_ content: ItemContent, y: Int, statusWidth: Int, into grid: inout CellGrid) {
        let room = grid.width - 1 - statusWidth
        let hasDescription = !content.description.isEmpty
        let mainWidth = hasDescription ? max(10, room * 11 / 20) : room - 1
        let lines: [(String, StyleRole)] = [
            (content.title, .title), (content.subtitle, .subtitle), (Self.tagText(content.tags), .tag),
            (content.body, .body), (content.footnote, .dim),
        ]
        for (offset, (text, role)) in lines.enumerated() {
            grid.write(text, x: 1, y: y + offset, limit: mainWidth - 1, style: CellStyle(role))
        }
        guard hasDescription, room - mainWidth > 6 else { return }
        let x = mainWidth + 1
        let wrapped = TextWrap.lines(content.description, width: room - x - 2, maxLines: Self.height - 1)
        for (offset, line) in wrapped.enumerated() {
            grid.write("│", x: x, y: y + offset, limit: 1, style: CellStyle(.separator))
            grid.write(line, x: x + 2, y: y + offset, limit: room - x - 2, style: CellStyle(.body))
        }
    }

    private func paintCompact(_ content: ItemContent, y: Int, statusWidth: Int, into grid: inout CellGrid) {
        let pages = Self.pages(of: content)
        let shown = pages[page % pages.count]
        let room = grid.width - 2
        var row = y
        for (text, role) in shown {
            let limit = row == y ? room - statusWidth : room
            for line in TextWrap.lines(text, width: max(1, limit), maxLines: y + Self.height - 2 - row) {
                grid.write(line, x: 1, y: row, limit: limit, style: CellStyle(role))
                row += 1
            }
            if text.isEmpty { row += 1 }
            if row >= y + Self.height - 2 { break }
        }
        guard pages.count > 1 else { return }
        let dots = pages.indices.map { $0 == page % pages.count ? "●" : "○" }.joined(separator: " ") + "  Tab"
        grid.write(dots, x: max(1, grid.width - 1 - DisplayWidth.of(dots)), y: y + Self.height - 2, style: CellStyle(.dim))
    }
}
