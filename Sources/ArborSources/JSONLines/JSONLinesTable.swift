/// The lines of a JSON Lines input as the index keeps them: where each line's value starts, the lines found
/// malformed (where they end and why), and the blank lines passed over, so that a line's number is known
/// without counting newlines again.
struct JSONLinesTable: Sendable {
    /// A line that is not one JSON value.
    struct Malformed: Sendable {
        /// Just past the line's last byte (its newline excluded).
        var end: Int
        /// `column C: problem`, as the parser says it.
        var message: String
    }

    /// Offset of each line's first byte of value (of its first byte, for a malformed line).
    private(set) var starts: ByteOffsets
    /// The malformed lines, by member position.
    private(set) var malformed: [Int32: Malformed] = [:]
    /// Each time blank lines were passed over: the member after them and the blank lines before it in all.
    private var blanks: [(member: Int32, total: Int32)] = []

    /// An empty table for an input of `inputSize` bytes.
    init(inputSize: Int, expectedLines: Int = 0) {
        starts = ByteOffsets(inputSize: inputSize, capacity: expectedLines)
    }

    /// Makes room for `lines` in all.
    mutating func reserve(lines: Int) {
        starts.reserve(lines)
    }

    /// The number of lines that are items.
    var count: Int { starts.count }

    /// Adds a line starting at `offset`, `blank` blank lines after the one before it.
    mutating func add(at offset: Int, afterBlank blank: Int) {
        if blank > 0 { blanks.append((Int32(starts.count), (blanks.last?.total ?? 0) + Int32(blank))) }
        starts.append(offset)
    }

    /// Marks the last line added as malformed.
    mutating func markLastMalformed(end: Int, message: String) {
        malformed[Int32(starts.count - 1)] = Malformed(end: end, message: message)
    }

    /// The member whose line's value starts at `offset` (the first starting at or after it).
    func member(startingAt offset: Int) -> Int {
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The line number (from 1) of the item at `member`.
    func lineNumber(of member: Int) -> Int {
        var low = 0
        var high = blanks.count
        while low < high {
            let middle = (low + high) / 2
            if Int(blanks[middle].member) <= member { low = middle + 1 } else { high = middle }
        }
        return member + 1 + (low > 0 ? Int(blanks[low - 1].total) : 0)
    }
}
