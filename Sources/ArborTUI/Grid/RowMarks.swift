/// A set of a grid's rows, one bit a row: the rows a frame drawn over the last one wrote to.
struct RowMarks: Sendable {
    private var words: [UInt64]

    /// No row of `height` marked.
    init(height: Int) {
        words = Array(repeating: 0, count: (max(0, height) + 63) / 64)
    }

    /// Marks a row; a row outside the grid is ignored.
    @inline(__always)
    mutating func mark(_ row: Int) {
        guard row >= 0, row >> 6 < words.count else { return }
        words[row >> 6] |= 1 << UInt64(row & 63)
    }

    /// Marks the rows of a range, those outside the grid ignored.
    mutating func mark(_ rows: Range<Int>) {
        guard !words.isEmpty else { return }
        for row in rows { mark(row) }
    }

    /// Whether a row is marked.
    func contains(_ row: Int) -> Bool {
        row >= 0 && row >> 6 < words.count && words[row >> 6] & 1 << UInt64(row & 63) != 0
    }

    /// How many rows are marked.
    var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }
}

/// Which frame a grid is and which it was drawn over, with the rows written since: the rows the encoder compares
/// and the terminal's copy of the screen takes.
struct FrameLineage: Sendable {
    /// The frame's number (0: a grid not numbered).
    var number: UInt64 = 0
    /// The number of the frame this one was drawn over (0: drawn whole).
    var drawnOver: UInt64 = 0
    /// The rows written since it was drawn over (none kept for a frame drawn whole).
    var writtenRows = RowMarks(height: 0)
}
