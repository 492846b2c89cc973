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
        var text = prompt.label + prompt.text
        while CellGrid.drawnWidth(of: text) + 1 > room, !text.isEmpty { text.removeFirst() }
        let used = grid.write(text, x: 1, y: row, limit: room, style: CellStyle(.prompt))
        grid.write("█", x: 1 + used, y: row, limit: 1, style: CellStyle(.prompt))
    }
}
