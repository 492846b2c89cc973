import ArborCore

/// The rectangle of one cell, drawn on by a ``CellRenderer``: text is written as the built-in cells write it,
/// control characters and escape sequences made visible and inert, wide characters counted as two, and cut at
/// the cell's edge with `…`. It comes filled with the cell's background and, when focused, the focus bar in
/// column 0; a renderer's text starts at column 1.
public struct CellCanvas {
    /// Its width in terminal cells.
    public let width: Int
    /// Its rows.
    public let height: Int
    var grid: CellGrid
    let x: Int
    let y: Int
    let model: ObjectCellModel

    init(grid: CellGrid, model: ObjectCellModel, x: Int, y: Int, width: Int, height: Int) {
        (self.grid, self.model, self.x, self.y, self.width, self.height) = (grid, model, x, y, width, height)
    }

    /// Fills the cell's rectangle of the grid with its background and, when focused, the focus bar.
    mutating func fillBackground() {
        for row in 0..<height {
            self.grid.fill(" ", x: x, y: y + row, count: width, style: CellStyle(.plain, highlighted: model.isHighlighted))
            if model.isFocused {
                self.grid.put(ObjectCellPainter.barGlyph, x: x, y: y + row, style: CellStyle(.focusBar, highlighted: model.isHighlighted))
            }
        }
    }

    /// Writes text from column `x` of row `y` in a role of the theme (highlighted in the focused cell); returns
    /// the cells used.
    @discardableResult
    public mutating func write(_ text: String, x column: Int, y row: Int, role: StyleRole = .plain) -> Int {
        write(text, column: column, row: row, style: CellStyle(role, highlighted: model.isHighlighted))
    }

    /// Writes text from column `x` of row `y` in colours and attributes of the program's own; returns the cells
    /// used.
    @discardableResult
    public mutating func write(_ text: String, x column: Int, y row: Int, look: RoleLook) -> Int {
        var ink = ANSIInk()
        if case .index(let value) = look.foreground { ink.foreground = value }
        if case .index(let value) = look.background { ink.background = value }
        (ink.bold, ink.dim, ink.underline, ink.reverse) = (look.bold, look.dim, look.underline, look.reverse)
        return write(text, column: column, row: row, style: ink.isPlain ? CellStyle(.plain, highlighted: model.isHighlighted) : CellStyle(ink: ink))
    }

    /// Draws the built-in object cell, for a renderer that adds to it.
    public mutating func drawStandardCell() {
        ObjectCellPainter.paint(model, full: height == 3, x: x, y: y, width: width, into: &grid)
    }

    private mutating func write(_ text: String, column: Int, row: Int, style: CellStyle) -> Int {
        guard row >= 0, row < height, column >= 0, column < width else { return 0 }
        return grid.write(text, x: x + column, y: y + row, limit: width - column, style: style)
    }
}
