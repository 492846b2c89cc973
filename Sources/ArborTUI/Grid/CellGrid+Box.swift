extension CellGrid {
    /// Draws a box outline with a title in its top edge; the inside is left as it is.
    package mutating func drawBox(x: Int, y: Int, width: Int, height: Int, title: String, titleStyle: CellStyle) {
        guard width >= 2, height >= 2 else { return }
        let border = CellStyle(.border)
        put("┌", x: x, y: y, style: border)
        fill("─", x: x + 1, y: y, count: width - 2, style: border)
        put("┐", x: x + width - 1, y: y, style: border)
        if !title.isEmpty { write(" " + title + " ", x: x + 1, y: y, limit: max(0, width - 3), style: titleStyle) }
        fillDown("│", x: x, y: y + 1, count: height - 2, style: border)
        fillDown("│", x: x + width - 1, y: y + 1, count: height - 2, style: border)
        put("└", x: x, y: y + height - 1, style: border)
        fill("─", x: x + 1, y: y + height - 1, count: width - 2, style: border)
        put("┘", x: x + width - 1, y: y + height - 1, style: border)
    }

    /// Blanks a rectangle, the parts of it outside the grid ignored.
    mutating func clear(x: Int, y: Int, width: Int, height: Int) {
        for row in max(0, y)..<max(max(0, y), min(self.height, y + height)) {
            fill(" ", x: x, y: row, count: width, style: .plain)
        }
    }
}
