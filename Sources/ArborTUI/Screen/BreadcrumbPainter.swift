/// The compact layout's breadcrumb: `‹   parent title   ›`, each arrow only where that level exists.
struct BreadcrumbPainter {
    var title: String
    var hasLevelBefore: Bool
    var hasLevelAfter: Bool

    /// The columns the arrows occupy in a row of a width: the targets a click would hit.
    static func arrowColumns(width: Int) -> (left: Int, right: Int) { (1, max(1, width - 2)) }

    func paint(row: Int, into grid: inout CellGrid) {
        let width = grid.width
        let style = CellStyle(.breadcrumb)
        grid.fill(" ", x: 0, y: row, count: width, style: style)
        let arrows = Self.arrowColumns(width: width)
        if hasLevelBefore { grid.write("‹", x: arrows.left, y: row, limit: 1, style: style) }
        if hasLevelAfter, arrows.right > arrows.left { grid.write("›", x: arrows.right, y: row, limit: 1, style: style) }
        let room = max(0, width - 10)
        let titleWidth = min(CellGrid.drawnWidth(of: title), room)
        let x = max(arrows.left + 2, (width - titleWidth) / 2)
        grid.write(title, x: x, y: row, limit: room, style: CellStyle(.columnTitle))
    }
}
