/// The lengths of a block's texts: a byte each, a length of 255 or more kept aside by entry, so that an entry
/// costs one byte beside its text instead of the four of an end offset.
struct TextLengths: Sendable {
    private var bytes: [UInt8] = []
    /// The lengths of 255 bytes or more, by entry.
    private var long: [Int32: Int] = [:]

    /// The number of entries.
    var count: Int { bytes.count }

    init() {}

    /// A copy the size of its contents: the one filled has room to grow into (an array made from the whole of
    /// one would keep that room).
    init(exactly lengths: TextLengths) {
        bytes = lengths.bytes.trimmed()
        long = lengths.long
    }

    /// Adds an entry of `length` bytes.
    mutating func append(_ length: Int) {
        if length >= 255 { long[Int32(bytes.count)] = length }
        bytes.append(UInt8(min(length, 255)))
    }

    /// The length of the entry at `entry`'s text.
    @inline(__always) subscript(entry: Int) -> Int {
        bytes[entry] == 255 ? long[Int32(entry)]! : Int(bytes[entry])
    }
}
