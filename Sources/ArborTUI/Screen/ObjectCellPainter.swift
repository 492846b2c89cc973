import ArborCore

/// What one object cell shows.
struct ObjectCellModel: Sendable {
    var content: ItemContent?
    var fallbackTitle: String
    var childCount: Int?
    var hasIcon: Bool
    var isExpanded: Bool
    var isFocused: Bool
    var isHighlighted: Bool
    /// Whether the item is marked, or nil outside the picker (no select-state symbol).
    var isMarked: Bool?
    /// The spinner frame to show while the child count is being counted, if it is.
    var pendingCount: String? = nil
    /// The search whose match in the title is highlighted.
    var match: TextMatcher? = nil
    /// A program's text after the hierarchy icon in place of the number of children.
    var countText: String? = nil

    /// Whether a cell of this model is drawn as one of `other`: the same flags, counts and search, and the same
    /// texts, value and change of the content (its other fields are not drawn).
    func drawsLike(_ other: ObjectCellModel) -> Bool {
        guard hasFlags(of: other), fallbackTitle == other.fallbackTitle else { return false }
        guard let content, let drawn = other.content else { return content == nil && other.content == nil }
        return content.title == drawn.title && content.subtitle == drawn.subtitle && content.body == drawn.body
            && content.icon == drawn.icon && content.scalar == drawn.scalar && content.previousScalar == drawn.previousScalar
            && content.change == drawn.change && content.matchCount == drawn.matchCount && content.changeCounts == drawn.changeCounts
    }
}

extension ObjectCellModel {
    /// Whether this model has the flags, counts and search of `other`, whatever their contents and ids.
    func hasFlags(of other: ObjectCellModel) -> Bool {
        childCount == other.childCount && hasIcon == other.hasIcon && isExpanded == other.isExpanded && isFocused == other.isFocused
            && isHighlighted == other.isHighlighted && isMarked == other.isMarked && pendingCount == other.pendingCount
            && match == other.match && countText == other.countText
    }
}

/// Draws object cells: a bar for focus, title, subtitle, body, and the hierarchy icon with the child count.
enum ObjectCellPainter {
    static let barGlyph: Unicode.Scalar = "▌"

    /// The icon text: `▶ 12` expanded, `▷ 8` not, no number while the count is unknown; `▷ 3✓` counts the
    /// matches under an item while a query's answer is shown.
    static func iconText(_ cell: ObjectCellModel) -> String? {
        guard cell.hasIcon else { return nil }
        let glyph = String(iconGlyph(cell))
        if let matches = cell.content?.matchCount { return "\(glyph) \(matches)✓" }
        if let text = cell.countText { return "\(glyph) " + text }
        if let counts = cell.content?.changeCounts { return "\(glyph) " + counts.text }
        return cell.childCount.map { "\(glyph) \($0)" } ?? cell.pendingCount.map { "\(glyph) \($0)" } ?? glyph
    }

    /// The icon's glyph: filled while the item is expanded.
    static func iconGlyph(_ cell: ObjectCellModel) -> Unicode.Scalar { cell.isExpanded ? "▶" : "▷" }

    /// Draws a cell whose first row is `y`, in `width` cells from `x`; three rows when `full`.
    static func paint(_ cell: ObjectCellModel, full: Bool, x: Int, y: Int, width: Int, into grid: inout CellGrid) {
        guard width > 0 else { return }
        let rows = full ? 3 : 1
        let highlighted = cell.isHighlighted
        for row in 0..<rows {
            grid.fill(" ", x: x, y: y + row, count: width, style: CellStyle(.plain, highlighted: highlighted))
            if cell.isFocused { grid.put(barGlyph, x: x, y: y + row, style: CellStyle(.focusBar, highlighted: highlighted)) }
        }
        var textX = x + 1
        if let marked = cell.isMarked, width > 4 {
            grid.write(marked ? "●" : "○", x: textX, y: y, limit: 1, style: CellStyle(marked ? .selectedIcon : .icon, highlighted: highlighted))
            textX += 2
        }
        if let icon = cell.content?.icon, !icon.isEmpty, width > 6 {
            let iconWidth = min(2, CellGrid.drawnWidth(of: icon, upTo: 2))
            grid.write(icon, x: textX, y: y, limit: iconWidth, style: CellStyle(.change(cell.content?.change), highlighted: highlighted))
            textX += iconWidth + 1
        }
        var titleRoom = width - (textX - x)
        let iconStyle = CellStyle(cell.isExpanded ? .selectedIcon : .icon, highlighted: highlighted)
        if cell.hasIcon, cell.content?.matchCount == nil, cell.content?.changeCounts == nil, cell.countText == nil,
           let count = cell.childCount, count >= 0 {
            // The common icon, a glyph and a count, is drawn without making its text.
            let digits = count < 10 ? 1 : count < 100 ? 2 : count < 1000 ? 3 : String(count).count
            let iconX = x + width - 1 - (2 + digits)
            if iconX > textX {
                grid.put(iconGlyph(cell), x: iconX, y: y, style: iconStyle)
                grid.put(" ", x: iconX + 1, y: y, style: iconStyle)
                var rest = count
                for place in stride(from: iconX + 1 + digits, to: iconX + 1, by: -1) {
                    grid.put(Unicode.Scalar(UInt8(0x30 + rest % 10)), x: place, y: y, style: iconStyle)
                    rest /= 10
                }
                titleRoom = iconX - 1 - textX
            }
        } else if let icon = iconText(cell) {
            let iconWidth = DisplayWidth.of(icon)
            let iconX = x + width - 1 - iconWidth
            if iconX > textX {
                grid.write(icon, x: iconX, y: y, limit: iconWidth, style: iconStyle)
                titleRoom = iconX - 1 - textX
            }
        }
        let title = cell.content?.title ?? cell.fallbackTitle
        if highlighted { grid.cursor = GridPoint(row: y, column: textX) }
        let written = grid.write(title, x: textX, y: y, limit: titleRoom, style: CellStyle(.title, highlighted: highlighted))
        grid.highlight(cell.match, in: title, x: textX, y: y, written: written)
        guard full else {
            if let scalar = cell.content?.scalar {
                grid.writeValue(scalar, previous: cell.content?.previousScalar, x: textX + written, y: y, limit: titleRoom - written,
                                highlighted: highlighted)
            }
            return
        }
        let content = cell.content
        grid.write(content?.subtitle ?? "", x: textX, y: y + 1, limit: width - (textX - x) - 1, style: CellStyle(.subtitle, highlighted: highlighted))
        grid.write(content?.body ?? "", x: textX, y: y + 2, limit: width - (textX - x) - 1, style: CellStyle(.body, highlighted: highlighted))
    }
}
