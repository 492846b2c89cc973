/// A stretch of the entries of a search corpus, never changed once published: each entry's searched text,
/// its parent entry and its place among the parent's children.
///
/// A walk records a parent's children one after another, so parents and places are kept as runs (an entry
/// starting a run, its parent, its place; the entries after it up to the next run are the following places
/// under the same parent): a few bytes per list instead of eight per entry.
final class SearchBlock: Sendable {
    /// How many entries a full block holds.
    static let capacity = 1 << 14
    static let shift = 14

    let texts: PackedSearchTexts
    /// The offset in the block of each run's first entry, in order.
    private let runStarts: [Int32]
    /// The entry of each run's parent; -1 for the top of the walk.
    private let runParents: [Int32]
    /// The place of each run's first entry among its parent's children.
    private let runPositions: [Int32]

    init(_ builder: SearchBlockBuilder) {
        // Copies the size of their contents: the builder's buffers have room to grow into (an array made from
        // the whole of one would keep that room).
        texts = PackedSearchTexts(builder.texts, compressing: builder.isFull)
        runStarts = builder.runStarts.trimmed()
        runParents = builder.runParents.trimmed()
        runPositions = builder.runPositions.trimmed()
    }

    var count: Int { texts.count }

    /// The parent entry of the entry at `offset` within the block.
    func parent(at offset: Int) -> Int32 { runParents[run(of: offset)] }

    /// The place among its parent's children of the entry at `offset` within the block.
    func position(at offset: Int) -> Int32 {
        let run = run(of: offset)
        return runPositions[run] + Int32(offset) - runStarts[run]
    }

    /// The run holding the entry at `offset`: the last one starting at or before it.
    private func run(of offset: Int) -> Int {
        var low = 0
        var high = runStarts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if Int(runStarts[middle]) <= offset { low = middle } else { high = middle }
        }
        return low
    }
}

/// The block being filled by a walk.
struct SearchBlockBuilder {
    var texts = SearchTexts()
    var runStarts: [Int32] = []
    var runParents: [Int32] = []
    var runPositions: [Int32] = []

    var count: Int { texts.count }
    var isFull: Bool { texts.count == SearchBlock.capacity }

    mutating func append(_ entry: UnsafeBufferPointer<UInt8>, parent: Int32, position: Int32) {
        let offset = Int32(texts.count)
        if let last = runStarts.last, runParents[runParents.count - 1] == parent,
           runPositions[runPositions.count - 1] + offset - last == position {
            // The next child of the run's parent: nothing to record.
        } else {
            runStarts.append(offset)
            runParents.append(parent)
            runPositions.append(position)
        }
        texts.append(entry)
    }
}
