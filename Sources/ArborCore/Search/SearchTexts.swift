/// The searched texts of a block's entries, one after another: each entry's length in a byte (a longer text's
/// kept aside) and the start of every 64th entry, so that an entry costs one byte beside its text instead of
/// the four of an end offset.
struct SearchTexts: Sendable {
    private(set) var bytes: [UInt8] = []
    private(set) var lengths: [UInt8] = []
    /// The lengths of 255 bytes or more, by entry.
    private(set) var long: [Int32: Int] = [:]
    /// Where entries 0, 64, 128... start in `bytes`.
    private(set) var marks: [UInt32] = []

    var count: Int { lengths.count }

    init() {}

    /// A copy the size of its contents: the arrays of the one filled have room to grow into (an array made
    /// from the whole of one would keep that room).
    init(exactly texts: SearchTexts) {
        bytes = texts.bytes.trimmed()
        lengths = texts.lengths.trimmed()
        long = texts.long
        marks = texts.marks.trimmed()
    }

    mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
        if lengths.count & 63 == 0 { marks.append(UInt32(bytes.count)) }
        bytes.append(contentsOf: text)
        if text.count >= 255 { long[Int32(lengths.count)] = text.count }
        lengths.append(UInt8(min(text.count, 255)))
    }

    @inline(__always) private func length(at offset: Int) -> Int {
        lengths[offset] == 255 ? long[Int32(offset)]! : Int(lengths[offset])
    }

    /// Calls `body` with the bytes of the entry at `offset`.
    func withText<Result>(at offset: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var start = Int(marks[offset >> 6])
        for before in (offset & ~63)..<offset { start += length(at: before) }
        let end = start + length(at: offset)
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }

    /// Calls `body` with each entry from `first` up to `end` and its bytes, in order.
    @inline(__always) func forEachText(from first: Int, to end: Int, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
        guard first < end else { return }
        var start = Int(marks[first >> 6])
        for before in (first & ~63)..<first { start += length(at: before) }
        bytes.withUnsafeBufferPointer { bytes in
            lengths.withUnsafeBufferPointer { lengths in
                for offset in first..<end {
                    let length = lengths[offset] == 255 ? long[Int32(offset)]! : Int(lengths[offset])
                    body(offset, UnsafeBufferPointer(rebasing: bytes[start..<(start + length)]))
                    start += length
                }
            }
        }
    }
}

extension Array {
    /// A copy with no room beyond its elements.
    func trimmed() -> [Element] {
        [Element](unsafeUninitializedCapacity: count) { buffer, count in
            count = buffer.initialize(fromContentsOf: self)
        }
    }
}
