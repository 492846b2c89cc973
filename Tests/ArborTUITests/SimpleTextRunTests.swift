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

    /// A box's sides are set a column at a time: every row must end as putting its edge characters one by one.
    @Test(arguments: 0..<200)
    func aBoxLeavesTheCellsAsItsEdgesPutOneByOne(seed: Int) {
        var random = SplitMix(seed: UInt64(seed) &+ 5_000)
        let width = 4 + Int(random.next() % 10), height = 2 + Int(random.next() % 5)
        var grid = CellGrid(width: width, height: height)
        for _ in 0..<Int(random.next() % 12) {
            let text = (0..<Int(1 + random.next() % 4)).map { _ in Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }.joined()
            grid.write(text, x: Int(random.next() % UInt64(width)), y: Int(random.next() % UInt64(height)), style: .plain)
        }
        var models = (0..<height).map { y in RowModel(cells: (0..<width).map { (grid[$0, y].text, Int(grid[$0, y].width)) }) }
        let boxWidth = 2 + Int(random.next() % UInt64(width - 1)), boxHeight = 2 + Int(random.next() % UInt64(height - 1))
        let x = Int(random.next() % UInt64(width - boxWidth + 1)), y = Int(random.next() % UInt64(height - boxHeight + 1))
        grid.drawBox(x: x, y: y, width: boxWidth, height: boxHeight, title: "", titleStyle: .plain)
        for (row, corners) in [(y, ("┌", "┐")), (y + boxHeight - 1, ("└", "┘"))] {
            models[row].put(corners.0, width: 1, at: x)
            for column in (x + 1)..<(x + boxWidth - 1) { models[row].put("─", width: 1, at: column) }
            models[row].put(corners.1, width: 1, at: x + boxWidth - 1)
        }
        for row in (y + 1)..<(y + boxHeight - 1) {
            models[row].put("│", width: 1, at: x)
            models[row].put("│", width: 1, at: x + boxWidth - 1)
        }
        for row in 0..<height {
            let cells = (0..<width).map { (grid[$0, row].text, Int(grid[$0, row].width)) }
            let same = cells.map(\.0) == models[row].cells.map(\.text) && cells.map(\.1) == models[row].cells.map(\.width)
            #expect(same, "seed \(seed), row \(row): \(cells.map(\.0)) against \(models[row].cells.map(\.text))")
        }
    }

    /// A box reaching past any edge of the grid draws the part inside and nothing else.
    @Test func aBoxPastTheEdgesDrawsWhatIsInside() {
        for (x, y, width, height) in [(0, 1, 4, 3), (0, 2, 4, 9), (-2, -2, 5, 5), (3, 0, 6, 2), (5, 5, 3, 3), (0, 0, 2, 2)] {
            var grid = CellGrid(width: 4, height: 2)
            grid.drawBox(x: x, y: y, width: width, height: height, title: "t", titleStyle: .plain)
            let inside = (0..<2).allSatisfy { row in (0..<4).allSatisfy { column in
                let text = grid[column, row].text
                return text == " " || "┌┐└┘─│ t…".contains(text)
            } }
            #expect(inside, "\(x),\(y) \(width)x\(height): \(grid.lines)")
        }
        var grid = CellGrid(width: 4, height: 2)
        grid.drawBox(x: 0, y: 0, width: 4, height: 3, title: "", titleStyle: .plain)
        #expect(grid.lines == ["┌──┐", "│  │"])
    }
}
