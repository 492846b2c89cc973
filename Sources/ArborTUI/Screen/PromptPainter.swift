/// The bottom line while text is typed: the label, the text, a cursor, and how to leave.
struct PromptPainter {
    let prompt: Prompt
    let message: String?

    func paint(row: Int, into grid: inout CellGrid) {
        guard row >= 1 else { return }
        grid.fill(" ", x: 0, y: row, count: grid.width, style: CellStyle(.prompt))
        let hint = (message.map { $0 + " · " } ?? "") + "Enter accepts · Esc clears"
        let hintWidth = min(DisplayWidth.of(hint), max(0, grid.width / 2))
        grid.write(hint, x: grid.width - 1 - hintWidth, y: row, limit: hintWidth, style: CellStyle(.dim))
        let room = max(0, grid.width - hintWidth - 3)
        let characters = Array(prompt.text)
        let cursor = min(max(prompt.cursor, 0), characters.count)
        var before = prompt.label + String(characters[..<cursor])
        while CellGrid.drawnWidth(of: before) + 1 > room, !before.isEmpty { before.removeFirst() }
        let used = grid.write(before, x: 1, y: row, limit: room, style: CellStyle(.prompt))
        grid.cursor = GridPoint(row: row, column: 1 + used)
        guard cursor < characters.count else {
            grid.write("█", x: 1 + used, y: row, limit: 1, style: CellStyle(.prompt))
            return
        }
        let under = grid.write(String(characters[cursor]), x: 1 + used, y: row, limit: room - used, style: CellStyle(.prompt, highlighted: true))
        grid.write(String(characters[(cursor + 1)...]), x: 1 + used + under, y: row, limit: max(0, room - used - under), style: CellStyle(.prompt))
    }
}
