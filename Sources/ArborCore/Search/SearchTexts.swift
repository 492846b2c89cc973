/// The searched texts of the block a walk is filling, one after another: each entry's length in a byte (a longer
/// text's kept aside), so that an entry costs one byte beside its text instead of the four of an end offset.
package struct SearchTexts: Sendable {
    private(set) var bytes: [UInt8] = []
    private(set) var lengths: [UInt8] = []
    /// The lengths of 255 bytes or more, by entry.
    private(set) var long: [Int32: Int] = [:]

    /// The number of entries.
    package var count: Int { lengths.count }

    /// No entries.
    package init() {}

    /// Adds an entry with `text`.
    package mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: text)
        if text.count >= 255 { long[Int32(lengths.count)] = text.count }
        lengths.append(UInt8(min(text.count, 255)))
    }

    /// The length of the entry at `offset`'s text.
    @inline(__always) func length(at offset: Int) -> Int {
        lengths[offset] == 255 ? long[Int32(offset)]! : Int(lengths[offset])
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
