/// A JSON pointer told apart from others by two independent 64-bit hashes of its bytes (FNV-1a and a
/// multiply-xorshift mix) and its length: 20 bytes instead of the pointer's text. Two pointers of one document
/// would have to agree on all three to be taken for one another.
struct PointerDigest: Hashable, Sendable {
    private let first: UInt64
    private let second: UInt64
    private let length: Int32

    /// The digest of `pointer`.
    init(_ pointer: String) {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x9e37_79b9_7f4a_7c15
        var count = 0
        for byte in pointer.utf8 {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            second = (second &+ UInt64(byte) &+ 1) &* 0xbf58_476d_1ce4_e5b9
            second ^= second >> 31
            count += 1
        }
        self.first = first
        self.second = second
        length = Int32(truncatingIfNeeded: count)
    }
}
