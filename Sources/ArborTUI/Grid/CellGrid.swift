#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArborCore

/// A cell's place: row and column from the top left, from 0.
package struct GridPoint: Sendable, Hashable {
    /// The row.
    package var row: Int
    /// The column.
    package var column: Int

    /// Creates a place.
    package init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}

/// A screen as a value: rows of cells that widgets draw into and a terminal copies out. Two grids are equal when
/// they show the same; which frame a grid was drawn over is kept beside, for the encoder.
package struct CellGrid: Sendable, Hashable {
    /// Columns of cells.
    package let width: Int
    /// Rows of cells.
    package let height: Int
    /// The cells, row after row.
    private(set) var storage: [PackedCell]
    /// Graphemes of more than one scalar, referred to by index from their cells.
    private(set) var clusters: [String] = []
    /// Where the terminal's cursor is left after the frame (the focused title, or the prompt's caret), so that
    /// screen readers and braille displays follow the focus.
    package var cursor: GridPoint?
    /// Which frame this grid is, which it was drawn over and the rows written since (see ``drawn(over:number:)``).
    var lineage = FrameLineage()

    /// A blank grid of a size; negative sizes count as zero.
    package init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        storage = Array(repeating: .blank, count: self.width * self.height)
    }

    package static func == (lhs: CellGrid, rhs: CellGrid) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && lhs.cursor == rhs.cursor && lhs.storage == rhs.storage
            && lhs.clusters == rhs.clusters
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        hasher.combine(storage)
        hasher.combine(clusters)
        hasher.combine(cursor)
    }

    /// Copies the rows of a grid of the same size for which `copies` is true, as memory; neither may keep
    /// graphemes beside its cells.
    mutating func copyRows(of other: CellGrid, where copies: (Int) -> Bool) {
        precondition(other.width == width && other.height == height && clusters.isEmpty && other.clusters.isEmpty)
        storage.withUnsafeMutableBufferPointer { mine in
            other.storage.withUnsafeBufferPointer { theirs in
                for row in 0..<height where copies(row) {
                    let start = row * width
                    mine.baseAddress!.advanced(by: start).update(from: theirs.baseAddress!.advanced(by: start), count: width)
                }
            }
        }
    }

    /// Notes a row written to (of a grid drawn whole, none are kept).
    @inline(__always)
    private mutating func touch(_ row: Int) {
        lineage.writtenRows.mark(row)
    }

    /// Notes rows written to.
    private mutating func touch(_ rows: Range<Int>) {
        lineage.writtenRows.mark(rows)
    }

    /// The cell at a column and row.
    package subscript(x: Int, y: Int) -> GridCell {
        let cell = storage[y * width + x]
        return GridCell(text: text(of: cell), width: cell.width, style: cell.style)
    }

    /// Every cell, row after row.
    package var cells: [GridCell] {
        storage.map { GridCell(text: text(of: $0), width: $0.width, style: $0.style) }
    }

    /// The grapheme a stored cell draws.
    func text(of cell: PackedCell) -> String {
        if cell.width == 0 { return "" }
        if cell.isCluster { return clusters[Int(cell.code & ~PackedCell.clusterFlag)] }
        return String(Character(Unicode.Scalar(cell.code) ?? "\u{FFFD}"))
    }

    /// The scalars a stored cell draws, in the form curses takes them.
    func scalars(of cell: PackedCell) -> [UInt32] {
        if cell.isCluster { return clusters[Int(cell.code & ~PackedCell.clusterFlag)].unicodeScalars.map(\.value) }
        return [cell.code]
    }

    /// Whether a row shows the same as the same row of another grid of the same width.
    func rowMatches(_ other: CellGrid, row: Int) -> Bool {
        let start = row * width
        let same = storage.withUnsafeBufferPointer { mine in
            other.storage.withUnsafeBufferPointer { theirs in
                memcmp(mine.baseAddress! + start, theirs.baseAddress! + start, width * MemoryLayout<PackedCell>.stride) == 0
            }
        }
        guard same else { return false }
        return clusters.isEmpty && other.clusters.isEmpty || (0..<width).allSatisfy { cellMatches(other, x: $0, y: row) }
    }

    /// The columns of a row from the cell before its first stored cell that differs from the same row of another
    /// grid of the same width (the first half of a wide character whose second half changed) to its last one.
    /// The rows are compared eight bytes at a time (cells have no undefined padding), so the range may start one
    /// cell early and end one cell late where a word spans two cells.
    func changedColumns(_ other: CellGrid, row: Int) -> Range<Int> {
        let stride = MemoryLayout<PackedCell>.stride
        let bytes = width * stride
        return storage.withUnsafeBytes { mine in
            other.storage.withUnsafeBytes { theirs in
                let start = row * bytes
                func same(_ offset: Int) -> Bool {
                    mine.loadUnaligned(fromByteOffset: start + offset, as: UInt64.self)
                        == theirs.loadUnaligned(fromByteOffset: start + offset, as: UInt64.self)
                }
                var first = 0
                while first + 8 <= bytes, same(first) { first += 8 }
                var end = bytes
                while end - 8 >= first + 8, same(end - 8) { end -= 8 }
                let firstCell = first / stride, endCell = min(width, (end + stride - 1) / stride)
                return max(0, firstCell - 1)..<max(firstCell, endCell)
            }
        }
    }

    /// Whether a cell shows the same as the same cell of another grid of the same size.
    func cellMatches(_ other: CellGrid, x: Int, y: Int) -> Bool {
        let mine = packed(x: x, y: y), theirs = other.packed(x: x, y: y)
        return mine == theirs && (!mine.isCluster || text(of: mine) == other.text(of: theirs))
    }

    /// The stored cell at a column and row.
    func packed(x: Int, y: Int) -> PackedCell { storage[y * width + x] }

    /// Puts one character of one cell at (x, y); outside the grid, nothing.
    mutating func put(_ scalar: Unicode.Scalar, x: Int, y: Int, style: CellStyle) {
        guard y >= 0, y < height else { return }
        put(scalar.value, width: 1, x: x, y: y, style: style)
    }

    /// Draws text from (x, y) within `limit` cells, cutting it with `…` when longer; returns the cells used.
    @discardableResult
    package mutating func write(_ text: String, x: Int, y: Int, limit: Int? = nil, style: CellStyle) -> Int {
        guard y >= 0, y < height, x < width else { return 0 }
        let available = min(limit ?? (width - x), width - x)
        guard available > 0 else { return 0 }
        if let written = writePrintableASCII(text, x: x, y: y, available: available, style: style) { return written }
        if let written = writeSimpleScalars(text, x: x, y: y, available: available, style: style) { return written }
        let fits = CellGrid.drawnWidth(of: text, upTo: available + 1) <= available
        let room = fits ? available : available - 1
        var column = x
        drawing: for character in text {
            if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F {
                if column - x + 1 > room { break drawing }
                put(UInt32(ascii), width: 1, x: column, y: y, style: style)
                column += 1
                continue
            }
            let parts = InertText.visible(character).map { $0.map { (String($0), 1) } } ?? DisplayWidth.segments(of: character)
            for (drawn, cellWidth) in parts {
                if cellWidth == 0 {
                    if column > x { appendMark(drawn, x: column - 1, y: y) }
                    continue
                }
                if column - x + cellWidth > room { break drawing }
                put(code(for: drawn), width: cellWidth, x: column, y: y, style: style)
                column += cellWidth
            }
        }
        if !fits, column < x + available {
            put(0x2026, width: 1, x: column, y: y, style: style)
            column += 1
        }
        return column - x
    }

    /// Writes text made only of printable ASCII, one cell a byte, without measuring graphemes; nil for other text.
    private mutating func writePrintableASCII(_ text: String, x: Int, y: Int, available: Int, style: CellStyle) -> Int? {
        var copy = text
        return copy.withUTF8 { bytes -> Int? in
            // The bytes past the room and the one after it are not drawn: a line of megabytes is not read to be cut.
            guard bytes.prefix(available + 1).allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
            let fits = bytes.count <= available
            let count = fits ? bytes.count : available - 1
            // The cells left of the grid are not drawn.
            setRun(from: max(0, x), to: x + count, y: y) { PackedCell(code: UInt32(bytes[$0 - x]), width: 1, style: style) }
            if !fits { put(0x2026, width: 1, x: x + count, y: y, style: style) }
            return fits ? count : count + 1
        }
    }

    /// Writes text made only of simple scalars, one grapheme a scalar; nil for other text. The cells are set in
    /// one pass, as `put` would set them one by one: a wide character cut at either end of the run keeps a half to
    /// blank, one whose first half falls left of the grid is not drawn.
    private mutating func writeSimpleScalars(_ text: String, x: Int, y: Int, available: Int, style: CellStyle) -> Int? {
        guard let total = SimpleScalar.width(of: text, upTo: available + 1) else { return nil }
        let room = total <= available ? available : available - 1
        var text = text
        // Where the run ends (a cut text stops before the first character past the room) and where its first
        // cell in the grid is (past a wide character whose first half is left of the grid).
        var first = max(0, x)
        var end = x + total
        if total > available || first > x {
            end = x
            text.withUTF8 { bytes in
                var index = 0
                while index < bytes.count {
                    let (value, length) = SimpleScalar.scalar(in: bytes, at: index)
                    let cellWidth = SimpleScalar.width(value) ?? 1
                    if end - x + cellWidth > room { break }
                    if end < 0 { first = end + cellWidth }
                    end += cellWidth
                    index += length
                }
            }
            first = max(0, first)
        }
        if first < end {
            clearWide(x: first, y: y)
            clearWide(x: end - 1, y: y)
        }
        let row = y * width
        touch(y)
        text.withUTF8 { bytes in
            storage.withUnsafeMutableBufferPointer { cells in
                var column = x
                var index = 0
                while column < end {
                    let (value, length) = SimpleScalar.scalar(in: bytes, at: index)
                    let cellWidth = SimpleScalar.width(value) ?? 1
                    if column >= first {
                        cells[row + column] = PackedCell(code: value, width: UInt8(cellWidth), style: style)
                        if cellWidth == 2 { cells[row + column + 1] = .covered(style) }
                    }
                    column += cellWidth
                    index += length
                }
            }
        }
        guard total > available else { return end - x }
        put(0x2026, width: 1, x: end, y: y, style: style)
        return end + 1 - x
    }

    /// Fills a run of cells of one row with one scalar one cell wide.
    package mutating func fill(_ scalar: Unicode.Scalar, x: Int, y: Int, count: Int, style: CellStyle) {
        guard y >= 0, y < height else { return }
        withRun(from: max(0, x), to: min(width, x + count), y: y) { run in
            run.update(repeating: PackedCell(code: scalar.value, width: 1, style: style))
        }
    }

    /// Sets `count` cells of column `x` from row `y` down to one scalar, in one pass over the storage; a wide
    /// character each cell cuts keeps its other half as a blank, as `put` does.
    mutating func fillDown(_ scalar: Unicode.Scalar, x: Int, y: Int, count: Int, style: CellStyle) {
        guard x >= 0, x < width, max(0, y) < min(height, y + count) else { return }
        let rows = max(0, y)..<min(height, y + count)
        let gridWidth = width
        touch(rows)
        storage.withUnsafeMutableBufferPointer { cells in
            for row in rows {
                let at = row * gridWidth + x
                if cells[at].width == 0, x > 0 {
                    cells[at - 1] = PackedCell(code: 0x20, width: 1, style: cells[at - 1].style)
                } else if cells[at].width == 2, x + 1 < gridWidth {
                    cells[at + 1] = PackedCell(code: 0x20, width: 1, style: cells[at + 1].style)
                }
                cells[at] = PackedCell(code: scalar.value, width: 1, style: style)
            }
        }
    }

    /// Sets the cells of a row from column `first` up to `end` (inside the grid) to one cell wide each.
    private mutating func setRun(from first: Int, to end: Int, y: Int, _ cell: (Int) -> PackedCell) {
        withRun(from: first, to: end, y: y) { run in
            for offset in run.indices { run[offset] = cell(first + offset) }
        }
    }

    /// Hands the cells of a row from column `first` up to `end` (inside the grid) to `body` to set, in one pass
    /// over the storage: as `put` cell by cell, a wide character cut at either end of the run keeps a half to
    /// blank, those inside being overwritten.
    mutating func withRun(from first: Int, to end: Int, y: Int, _ body: (UnsafeMutableBufferPointer<PackedCell>) -> Void) {
        guard first < end else { return }
        touch(y)
        clearWide(x: first, y: y)
        clearWide(x: end - 1, y: y)
        let row = y * width
        storage.withUnsafeMutableBufferPointer { cells in body(UnsafeMutableBufferPointer(rebasing: cells[(row + first)..<(row + end)])) }
    }

    /// Changes the style of a run of cells, keeping their text.
    package mutating func restyle(x: Int, y: Int, count: Int, _ change: (inout CellStyle) -> Void) {
        guard y >= 0, y < height else { return }
        touch(y)
        for column in max(0, x)..<max(max(0, x), min(width, x + count)) {
            change(&storage[y * width + column].style)
        }
    }

    /// The code of a grapheme: its scalar when it has one, else a new entry among the clusters.
    private mutating func code(for grapheme: String) -> UInt32 {
        let scalars = grapheme.unicodeScalars
        if let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex { return first.value }
        clusters.append(grapheme)
        return PackedCell.clusterFlag | UInt32(clusters.count - 1)
    }

    private mutating func put(_ code: UInt32, width cellWidth: Int, x: Int, y: Int, style: CellStyle) {
        guard x >= 0, x < width else { return }
        touch(y)
        clearWide(x: x, y: y)
        if cellWidth == 2 {
            guard x + 1 < width else {
                storage[y * width + x] = PackedCell(code: 0x20, width: 1, style: style)
                return
            }
            clearWide(x: x + 1, y: y)
            storage[y * width + x + 1] = .covered(style)
        }
        storage[y * width + x] = PackedCell(code: code, width: UInt8(cellWidth), style: style)
    }

    /// Blanks the other half of a wide character that a write is about to cut.
    private mutating func clearWide(x: Int, y: Int) {
        let cell = storage[y * width + x]
        if cell.width == 0, x > 0 {
            storage[y * width + x - 1] = PackedCell(code: 0x20, width: 1, style: storage[y * width + x - 1].style)
        } else if cell.width == 2, x + 1 < width {
            storage[y * width + x + 1] = PackedCell(code: 0x20, width: 1, style: storage[y * width + x + 1].style)
        }
    }

    private mutating func appendMark(_ mark: String, x: Int, y: Int) {
        var column = x
        while column > 0, storage[y * width + column].width == 0 { column -= 1 }
        let index = y * width + column
        touch(y)
        storage[index].code = code(for: text(of: storage[index]) + mark)
    }

    /// The text of each row, wide characters once, trailing spaces kept: the form snapshots compare.
    package var lines: [String] {
        (0..<height).map { row in
            var line = ""
            for column in 0..<width where storage[row * width + column].width > 0 {
                line += text(of: storage[row * width + column])
            }
            return line
        }
    }

    /// Copies the top `rows` rows of a narrower or equal grid to the top left of this one, cursor included.
    package mutating func paste(_ part: CellGrid, rows: Int) {
        for y in 0..<min(rows, part.height, height) {
            touch(y)
            for x in 0..<min(part.width, width) {
                var cell = part.storage[y * part.width + x]
                if cell.isCluster { cell.code = code(for: part.text(of: cell)) }
                storage[y * width + x] = cell
            }
        }
        if let point = part.cursor, point.row < rows { cursor = point }
    }
}
