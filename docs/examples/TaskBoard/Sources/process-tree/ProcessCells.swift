import ArborKit

/// The process tree's cells, one line each: the pid in the number colour, the name, a zombie's state in red,
/// the memory it holds, and its children counted in words (in the built-in cells of other items too).
struct ProcessCells: CellRenderer {
    func draw(_ cell: CellContext, on canvas: inout CellCanvas) -> Bool {
        guard let content = cell.content, let pid = content.value(of: "pid") else { return false }
        var x = 1
        x += canvas.write(cell.isMarked == true ? "● " : "  ", x: x, y: 0, role: .selectedIcon)
        x += canvas.write(String(repeating: " ", count: max(0, 7 - pid.count)) + pid + " ", x: x, y: 0, role: .number)
        x += canvas.write(content.title, x: x, y: 0, role: .title)
        if content.status == "Z" {
            x += canvas.write(" zombie", x: x, y: 0, look: RoleLook(foreground: .index(1), bold: true))
        }
        x += canvas.write("  " + (content.value(of: "rss") ?? ""), x: x, y: 0, role: .dim)
        if let count = countText(for: cell), cell.childCount != 0 {
            canvas.write("  ▷ " + count, x: x, y: 0, role: .icon)
        }
        return true
    }

    func countText(for cell: CellContext) -> String? {
        cell.childCount.map { $0 == 1 ? "1 child" : "\($0) children" }
    }
}
