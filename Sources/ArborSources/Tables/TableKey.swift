#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An id of a table as its hash table compares it: by its bytes when every id is ASCII (bytes in place, or
/// the text of a quoted field), or as a Swift string otherwise, so that canonically equivalent ids are the same
/// id, as in the full builder.
struct TableKey: Equatable {
    private let raw: UnsafeBufferPointer<UInt8>?
    private let text: String?
    private let byBytes: Bool
    /// The key's hash: FNV-1a of the bytes, or the string's hash.
    let hash: Int

    /// Bytes in place, compared as bytes.
    init(bytes: UnsafeBufferPointer<UInt8>) {
        raw = bytes
        text = nil
        byBytes = true
        hash = Self.hash(bytes)
    }

    /// A text compared as its UTF-8 bytes (`byBytes`) or as a string.
    init(text: String, byBytes: Bool) {
        raw = nil
        self.text = text
        self.byBytes = byBytes
        var copy = text
        hash = byBytes ? copy.withUTF8 { Self.hash($0) } : text.hashValue
    }

    var isEmpty: Bool { raw?.isEmpty ?? text!.isEmpty }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: value ^ (value >> 29))
    }

    static func == (lhs: TableKey, rhs: TableKey) -> Bool {
        guard lhs.byBytes, rhs.byBytes else { return lhs.text == rhs.text }
        if let left = lhs.raw, let right = rhs.raw {
            return left.count == right.count && (left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
        }
        let left = lhs.raw.map(Array.init) ?? Array(lhs.text!.utf8)
        let right = rhs.raw.map(Array.init) ?? Array(rhs.text!.utf8)
        return left == right
    }
}
