import ArborCore

/// The object header of the focused item: headline, subheadline, tags, body, footnote, description and status.
///
/// Regular width: one band, the main block on the left, the description beside it, the status aligned right.
/// Compact width: the parts are pages, cycled with Tab.
struct HeaderPainter {
    let content: ItemContent?
    /// The page shown in compact width.
    let page: Int
    /// The split of its width and its rows.
    var layout = HeaderLayout()
    /// The focused item's id, told to the renderer.
    var id = ""
    /// A program's drawing of the detail beside the main block, if it has one.
    var renderer: (any CellRenderer)? = nil

    /// Rows the header takes by default, its separator included.
    static let height = 6
    /// How many tags show at most.
    static let maximumTags = 3

    /// The tags as drawn: `[Started] [PM01] [103-Repair]`, three at most.
    static func tagText(_ tags: [String]) -> String {
        tags.prefix(maximumTags).map { "[\($0)]" }.joined(separator: " ")
    }

    /// The pages of the compact header: main (headline, subheadline, tags), details (body, footnote), description;
    /// the description goes on the first page when there are no tags, body or footnote, as the seed pages it.
    static func pages(of content: ItemContent) -> [[(String, StyleRole)]] {
        let main: [(String, StyleRole)] = [(content.title, .title), (content.subtitle, .subtitle)]
        if content.tags.isEmpty, content.body.isEmpty, content.footnote.isEmpty {
            return [main + (content.description.isEmpty ? [] : [(content.description, .body)])]
        }
        var pages = [main + [(tagText(content.tags), .tag)]]
        if !content.body.isEmpty || !content.footnote.isEmpty { pages.append([(content.body, .body), (content.footnote, .dim)]) }
        if !content.description.isEmpty { pages.append([(content.description, .body)]) }
        return pages
    }

    /// The main block's lines: at their places when the header's rows are fixed, the empty ones left out when
    /// the rows follow the content.
    private static func mainLines(of content: ItemContent, layout: HeaderLayout) -> [(String, StyleRole)] {
        let lines: [(String, StyleRole)] = [
            (content.title, .title), (content.subtitle, .subtitle), (tagText(content.tags), .tag),
            (content.body, .body), (content.footnote, .dim),
        ]
        return layout.rows == nil ? lines.filter { !$0.0.isEmpty } : lines
    }

    /// The rows of text a header of this layout takes for this content in a terminal `width` cells wide: the
    /// layout's rows, or as many as the content needs (1-5).
    static func textRows(for content: ItemContent?, layout: HeaderLayout, width: Int, compact: Bool) -> Int {
        if let rows = layout.rows { return rows }
        guard let content else { return 1 }
        let needed: Int
        if compact {
            let pages = pages(of: content)
            needed = pages[0].reduce(pages.count > 1 ? 1 : 0) { $0 + TextWrap.lines($1.0, width: max(1, width - 2), maxLines: 5).count }
        } else {
            let split = split(width: width, statusWidth: 0, layout: layout, hasDetail: !content.description.isEmpty)
            let description = split.detailWidth > 0 ? TextWrap.lines(content.description, width: split.detailWidth, maxLines: 5).count : 0
            needed = max(mainLines(of: content, layout: layout).count, description)
        }
        return min(5, max(1, needed))
    }

    /// The main block's width, and the width of the detail beside it (0 when there is no room or nothing).
    private static func split(width: Int, statusWidth: Int, layout: HeaderLayout, hasDetail: Bool) -> (mainWidth: Int, detailWidth: Int) {
        let room = width - 1 - statusWidth
        guard hasDetail else { return (room - 1, 0) }
        let mainWidth = max(10, room * layout.splitPercent / 100)
        return (mainWidth, room - mainWidth > 6 ? room - mainWidth - 3 : 0)
    }

    /// Draws the header's `rows` rows of text from row `y`, and its separator under them.
    func paint(y: Int, rows: Int = HeaderPainter.height - 1, compact: Bool, into grid: inout CellGrid) {
        for row in y..<(y + rows) { grid.fill(" ", x: 0, y: row, count: grid.width, style: CellStyle(.plain)) }
        grid.fill("─", x: 0, y: y + rows, count: grid.width, style: CellStyle(.separator))
        guard let content else {
            grid.write("(nothing focused)", x: 1, y: y, limit: grid.width - 2, style: CellStyle(.dim))
            return
        }
        let statusWidth = drawStatus(content, y: y, into: &grid)
        if compact {
            paintCompact(content, y: y, rows: rows, statusWidth: statusWidth, into: &grid)
        } else {
            paintRegular(content, y: y, rows: rows, statusWidth: statusWidth, into: &grid)
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

    private func paintRegular(_ content: ItemContent, y: Int, rows: Int, statusWidth: Int, into grid: inout CellGrid) {
        let split = Self.split(width: grid.width, statusWidth: statusWidth, layout: layout,
                               hasDetail: renderer != nil || !content.description.isEmpty)
        for (offset, (text, role)) in Self.mainLines(of: content, layout: layout).prefix(rows).enumerated() {
            grid.write(text, x: 1, y: y + offset, limit: split.mainWidth - 1, style: CellStyle(role))
        }
        guard split.detailWidth > 0 else { return }
        let x = split.mainWidth + 1
        if let renderer {
            let model = ObjectCellModel(content: content, fallbackTitle: id, childCount: nil, hasIcon: false, isExpanded: false,
                                        isFocused: false, isHighlighted: false, isMarked: nil)
            var canvas = CellCanvas(grid: CellGrid(width: 0, height: 0), model: model, x: x + 1, y: y, width: split.detailWidth + 1, height: rows)
            swap(&canvas.grid, &grid)
            canvas.fillBackground()
            let drawn = renderer.drawHeaderDetail(CellContext(model, width: split.detailWidth + 1, height: rows), on: &canvas)
            swap(&canvas.grid, &grid)
            if drawn {
                for row in y..<(y + rows) { grid.write("│", x: x, y: row, limit: 1, style: CellStyle(.separator)) }
                return
            }
        }
        for (offset, line) in TextWrap.lines(content.description, width: split.detailWidth, maxLines: rows).enumerated() {
            grid.write("│", x: x, y: y + offset, limit: 1, style: CellStyle(.separator))
            grid.write(line, x: x + 2, y: y + offset, limit: split.detailWidth, style: CellStyle(.body))
        }
    }

    private func paintCompact(_ content: ItemContent, y: Int, rows: Int, statusWidth: Int, into grid: inout CellGrid) {
        let pages = Self.pages(of: content)
        let shown = pages[page % pages.count].filter { layout.rows != nil || !$0.0.isEmpty }
        let room = grid.width - 2
        let textRows = pages.count > 1 && rows > 1 ? rows - 1 : rows
        var row = y
        for (text, role) in shown {
            let limit = row == y ? room - statusWidth : room
            for line in TextWrap.lines(text, width: max(1, limit), maxLines: y + textRows - row) {
                grid.write(line, x: 1, y: row, limit: limit, style: CellStyle(role))
                row += 1
            }
            if text.isEmpty { row += 1 }
            if row >= y + textRows { break }
        }
        guard pages.count > 1 else { return }
        let dots = pages.indices.map { $0 == page % pages.count ? "●" : "○" }.joined(separator: " ") + "  Tab"
        grid.write(dots, x: max(1, grid.width - 1 - DisplayWidth.of(dots)), y: y + rows - 1, style: CellStyle(.dim))
    }
}
