import ArborTUI
import Testing

/// Text of simple scalars is written as one run of cells: it must leave every cell as writing its characters one
/// by one does (each cut wide character's other half blanked, nothing left of the grid, the ellipsis where the
/// text is cut), over rows already holding wide characters, at every place including off the left edge.
@Suite("Runs of simple text")
struct SimpleTextRunTests {
    /// A row of cells as `(text, width)`, changed the way one character at a time is put.
    struct RowModel {
        var cells: [(text: String, width: Int)]

        mutating func clearWide(_ x: Int) {
            if cells[x].width == 0, x > 0 {
                cells[x - 1] = (" ", 1)
            } else if cells[x].width == 2, x + 1 < cells.count {
                cells[x + 1] = (" ", 1)
            }
        }

        mutating func put(_ text: String, width: Int, at x: Int) {
            guard x >= 0, x < cells.count else { return }
            clearWide(x)
            if width == 2 {
                guard x + 1 < cells.count else {
                    cells[x] = (" ", 1)
                    return
                }
                clearWide(x + 1)
                cells[x + 1] = ("", 0)
            }
            cells[x] = (text, width)
        }

        /// Writes `text` from `x` within the row, cut with an ellipsis when longer than the room left.
        mutating func write(_ text: String, at x: Int) {
            let widths = text.unicodeScalars.map { DisplayWidth.of($0) }
            let available = cells.count - x
            let total = widths.reduce(0, +)
            let room = total <= available ? available : available - 1
            var column = x
            for (scalar, width) in zip(text.unicodeScalars, widths) {
                if column - x + width > room { break }
                put(String(scalar), width: width, at: column)
                column += width
            }
            if total > available { put("…", width: 1, at: column) }
        }
    }

    static let pieces = ["a", "bc", "日", "本語", "é", "Ωm", "Привет", "한", "─┼", "ｆ", " "]

    @Test(arguments: 0..<400)
    func aRunLeavesTheCellsAsCharactersPutOneByOne(seed: Int) {
        var random = SplitMix(seed: UInt64(seed) &+ 1_000)
        let width = 3 + Int(random.next() % 10)
        var grid = CellGrid(width: width, height: 1)
        for _ in 0..<Int(random.next() % 5) {
            let text = (0..<Int(1 + random.next() % 4)).map { _ in Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }.joined()
            grid.write(text, x: Int(random.next() % UInt64(width)), y: 0, style: .plain)
        }
        var model = RowModel(cells: (0..<width).map { (grid[$0, 0].text, Int(grid[$0, 0].width)) })
        let text = (0..<Int(1 + random.next() % 6)).map { _ in Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }.joined()
        let x = Int(random.next() % UInt64(width + 3)) - 3
        grid.write(text, x: x, y: 0, style: .plain)
        model.write(text, at: x)
        let cells = (0..<width).map { (grid[$0, 0].text, Int(grid[$0, 0].width)) }
        #expect(cells.map(\.0) == model.cells.map(\.text), "seed \(seed): \(text) at \(x)")
        #expect(cells.map(\.1) == model.cells.map(\.width), "seed \(seed): \(text) at \(x)")
    }
}
