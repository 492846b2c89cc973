/// The characters of a query word as UTF-8: a character is matched whole, never byte by byte, so that a fuzzy
/// match cannot take the bytes of one character from several.
struct QueryPattern: Sendable, Hashable {
    /// The bytes of the word.
    let bytes: [UInt8]
    /// Where each character starts in `bytes`, and the end.
    private let starts: [Int]

    init(_ text: String) {
        bytes = Array(text.utf8)
        var starts: [Int] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            starts.append(offset)
            offset += UTF8.width(scalar)
        }
        starts.append(offset)
        self.starts = starts
    }

    /// The number of characters (Unicode scalars).
    var count: Int { starts.count - 1 }

    /// The number of bytes of character `unit`.
    @inline(__always) func length(of unit: Int) -> Int { starts[unit + 1] - starts[unit] }

    /// Whether character `unit` is at `index` of `text`, ASCII letters folded to lower case when `folds`.
    @inline(__always) func matches(_ unit: Int, at index: Int, in text: UnsafeBufferPointer<UInt8>, folds: Bool) -> Bool {
        var offset = starts[unit]
        let end = starts[unit + 1]
        var place = index
        guard place + end - offset <= text.count else { return false }
        while offset < end {
            if MatchScoring.fold(text[place], folds) != bytes[offset] { return false }
            offset += 1
            place += 1
        }
        return true
    }
}
