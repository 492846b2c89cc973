/// A stretch of the entries of a search corpus, never changed once published: each entry's searched text,
/// its parent entry and its place among the parent's children.
final class SearchBlock: Sendable {
    /// How many entries a full block holds.
    static let capacity = 1 << 14
    static let shift = 14

    let text: [UInt8]
    /// Where each entry's text ends in `text`.
    let ends: [UInt32]
    /// The entry of each entry's parent; -1 for the top of the walk.
    let parents: [Int32]
    /// Each entry's index among its parent's children.
    let positions: [Int32]

    init(_ builder: SearchBlockBuilder) {
        // A copy the size of the text: the builder's buffer has room to grow into.
        text = Array(builder.text[0..<builder.text.count])
        ends = builder.ends
        parents = builder.parents
        positions = builder.positions
    }

    var count: Int { ends.count }

    /// Calls `body` with the bytes of the entry at `offset` within the block.
    @inline(__always) func withText<Result>(at offset: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let start = offset == 0 ? 0 : Int(ends[offset - 1])
        return text.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<Int(ends[offset])])) }
    }
}

/// The block being filled by a walk.
struct SearchBlockBuilder {
    var text: [UInt8] = []
    var ends: [UInt32] = []
    var parents: [Int32] = []
    var positions: [Int32] = []

    init() {
        ends.reserveCapacity(SearchBlock.capacity)
        parents.reserveCapacity(SearchBlock.capacity)
        positions.reserveCapacity(SearchBlock.capacity)
    }

    var count: Int { ends.count }
    var isFull: Bool { ends.count == SearchBlock.capacity }

    mutating func append(_ entry: String, parent: Int32, position: Int32) {
        var entry = entry
        entry.withUTF8 { text.append(contentsOf: $0) }
        ends.append(UInt32(text.count))
        parents.append(parent)
        positions.append(position)
    }
}
