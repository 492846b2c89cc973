/// One cell of the grid: a grapheme, the cells it spans, and its style.
public struct GridCell: Sendable, Hashable {
    /// The grapheme drawn here; empty in the second cell of a wide character.
    public var text: String
    /// 1 for a normal character, 2 for a wide one, 0 for the cell a wide character covers.
    public var width: UInt8
    /// How the cell is drawn.
    public var style: CellStyle

    /// A blank cell.
    public static let blank = GridCell(text: " ", width: 1, style: .plain)
}

/// A screen as a value: rows of cells that widgets draw into and a terminal copies out.
public struct CellGrid: Sendable, Hashable {
    /// Columns of cells.
    public let width: Int
    /// Rows of cells.
    public let height: Int
    /// The cells, row after row.
    public private(set) var cells: [GridCell]

    /// A blank grid of a size; negative sizes count as zero.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    /// The cell at a column and row.
    public subscript(x: Int, y: Int) -> GridCell {
        cells[y * width + x]
    }

    /// Draws text from (x, y) within `limit` cells, cutting it with `…` when longer; returns the cells used.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, limit: Int? = nil, style: CellStyle) -> Int {
        guard y >= 0, y < height, x < width else { return 0 }
        let available = min(limit ?? (width - x), width - x)
        guard available > 0 else { return 0 }
        if let written = writePrintableASCII(text, x: x, y: y, available: available, style: style) { return written }
        let fits = CellGrid.drawnWidth(of: text, upTo: available + 1) <= available
        let room = fits ? available : available - 1
        var column = x
        drawing: for character in text {
            if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F {
                if column - x + 1 > room { break drawing }
                put(CellGrid.asciiCells[Int(ascii)], width: 1, x: column, y: y, style: style)
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
                put(drawn, width: cellWidth, x: column, y: y, style: style)
                column += cellWidth
            }
        }
        if !fits, column < x + available {
            put("…", width: 1, x: column, y: y, style: style)
            column += 1
        }
        return column - x
    }

    /// One-character strings for the printable ASCII bytes, made once.
    private static let asciiCells: [String] = (0..<128).map { String(UnicodeScalar(UInt8($0))) }

    /// Writes text made only of printable ASCII, one cell a byte, without measuring graphemes; nil for other text.
    private mutating func writePrintableASCII(_ text: String, x: Int, y: Int, available: Int, style: CellStyle) -> Int? {
        var copy = text
        return copy.withUTF8 { bytes -> Int? in
            guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
            let fits = bytes.count <= available
            let count = fits ? bytes.count : available - 1
            for offset in 0..<count {
                put(CellGrid.asciiCells[Int(bytes[offset])], width: 1, x: x + offset, y: y, style: style)
            }
            if !fits { put("…", width: 1, x: x + count, y: y, style: style) }
            return fits ? count : count + 1
        }
    }

    /// The cells text takes once control characters are made visible, counted no further than `limit`.
    static func drawnWidth(of text: String, upTo limit: Int) -> Int {
        var total = 0
        for character in text {
            if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F {
                total += 1
            } else {
                total += InertText.visible(character).map(DisplayWidth.of) ?? DisplayWidth.of(character)
            }
            if total >= limit { return total }
        }
        return total
    }

    /// The cells text takes once control characters are made visible.
    public static func drawnWidth(of text: String) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return drawnWidth(of: text, upTo: .max)
    }

    /// Fills a run of cells of one row with one character.
    public mutating func fill(_ character: Character, x: Int, y: Int, count: Int, style: CellStyle) {
        guard y >= 0, y < height else { return }
        let text = String(character)
        for column in max(0, x)..<max(max(0, x), min(width, x + count)) {
            put(text, width: 1, x: column, y: y, style: style)
        }
    }

    /// Changes the style of a run of cells, keeping their text.
    public mutating func restyle(x: Int, y: Int, count: Int, _ change: (inout CellStyle) -> Void) {
        guard y >= 0, y < height else { return }
        for column in max(0, x)..<max(max(0, x), min(width, x + count)) {
            change(&cells[y * width + column].style)
        }
    }

    private mutating func put(_ text: String, width cellWidth: Int, x: Int, y: Int, style: CellStyle) {
        guard x >= 0, x < width else { return }
        clearWide(x: x, y: y)
        if cellWidth == 2 {
            guard x + 1 < width else {
                cells[y * width + x] = GridCell(text: " ", width: 1, style: style)
                return
            }
            clearWide(x: x + 1, y: y)
            cells[y * width + x + 1] = GridCell(text: "", width: 0, style: style)
        }
        cells[y * width + x] = GridCell(text: text, width: UInt8(cellWidth), style: style)
    }

    /// Blanks the other half of a wide character that a write is about to cut.
    private mutating func clearWide(x: Int, y: Int) {
        let cell = cells[y * width + x]
        if cell.width == 0, x > 0 {
            cells[y * width + x - 1] = GridCell(text: " ", width: 1, style: cells[y * width + x - 1].style)
        } else if cell.width == 2, x + 1 < width {
            cells[y * width + x + 1] = GridCell(text: " ", width: 1, style: cells[y * width + x + 1].style)
        }
    }

    private mutating func appendMark(_ mark: String, x: Int, y: Int) {
        var column = x
        while column > 0, cells[y * width + column].width == 0 { column -= 1 }
        cells[y * width + column].text += mark
    }

    /// The text of each row, wide characters once, trailing spaces kept: the form snapshots compare.
    public var lines: [String] {
        (0..<height).map { row in
            var line = ""
            for column in 0..<width where self[column, row].width > 0 { line += self[column, row].text }
            return line
        }
    }
}
