/// Finds the next of three bytes eight bytes at a time (a word compared with each byte repeated, a zero byte
/// of the difference told by the carry trick), for the runs of plain text between a table's special bytes.
struct ByteSkipper {
    private let first: UInt64
    private let second: UInt64
    private let third: UInt64
    private let bytes: (UInt8, UInt8, UInt8)

    init(_ first: UInt8, _ second: UInt8, _ third: UInt8) {
        self.first = Self.repeated(first)
        self.second = Self.repeated(second)
        self.third = Self.repeated(third)
        bytes = (first, second, third)
    }

    /// The index of the first of the three bytes at or after `start`, or the end of `buffer`.
    @inline(__always)
    func skip(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        if let base = buffer.baseAddress {
            while index + 8 <= buffer.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if Self.holdsZero(word ^ first) | Self.holdsZero(word ^ second) | Self.holdsZero(word ^ third) != 0 { break }
                index += 8
            }
        }
        while index < buffer.count {
            let byte = buffer[index]
            if byte == bytes.0 || byte == bytes.1 || byte == bytes.2 { return index }
            index += 1
        }
        return index
    }

    private static func repeated(_ byte: UInt8) -> UInt64 { UInt64(byte) &* 0x0101_0101_0101_0101 }

    /// Non-zero when a byte of `word` is zero.
    @inline(__always)
    private static func holdsZero(_ word: UInt64) -> UInt64 {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    }
}
