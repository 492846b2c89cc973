/// Finds sets in a binary property list before Foundation reads it: Apple's writers never make one (the format
/// reserves the marker), and Foundation on Linux crashes bridging a set whose members are not what it expects,
/// as a fuzzed file showed. A file whose table of objects cannot be read is left to Foundation, which refuses it.
enum BinaryPropertyListSets {
    /// The number of the first object that is a set, when the bytes are a binary property list holding one.
    static func firstSet(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 40, bytes.starts(with: Array("bplist0".utf8)) else { return nil }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        guard (1...8).contains(offsetSize), let objects = number(in: bytes, at: trailer + 8, size: 8),
              let table = number(in: bytes, at: trailer + 24, size: 8), table <= trailer,
              objects <= (trailer - table) / offsetSize
        else { return nil }
        for object in 0..<objects {
            guard let offset = number(in: bytes, at: table + object * offsetSize, size: offsetSize), offset < trailer else { continue }
            if bytes[offset] >> 4 == 0xC { return object }
        }
        return nil
    }

    /// The big-endian number of `size` bytes at `start`, or nil when it does not fit in the bytes or in an Int.
    private static func number(in bytes: [UInt8], at start: Int, size: Int) -> Int? {
        guard start >= 0, start + size <= bytes.count else { return nil }
        var value: UInt64 = 0
        for byte in bytes[start..<(start + size)] { value = value << 8 | UInt64(byte) }
        return value <= UInt64(Int.max) ? Int(value) : nil
    }
}
