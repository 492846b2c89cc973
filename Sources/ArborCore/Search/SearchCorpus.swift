import Synchronization

/// The searched texts of the items a walk has visited, with the links to find each one's path: filled by one
/// walk, read by any number of searches at once.
package final class SearchCorpus: Sendable {
    /// The id of the item the walk started from.
    package let rootID: String
    /// Whether that item is hidden, so that its children are the top entries.
    package let rootIsVirtual: Bool
    private let blocks = Mutex<[SearchBlock]>([])

    init(rootID: String, rootIsVirtual: Bool) {
        self.rootID = rootID
        self.rootIsVirtual = rootIsVirtual
    }

    /// Publishes the block being filled, replacing an earlier copy of it; returns the bytes its texts take
    /// as stored.
    @discardableResult
    func publish(_ builder: SearchBlockBuilder, as index: Int) -> Int {
        let block = SearchBlock(builder)
        blocks.withLock { blocks in
            if index < blocks.count { blocks[index] = block } else { blocks.append(block) }
        }
        return block.texts.storedByteCount
    }

    /// The entries published so far.
    package func snapshot() -> Snapshot { Snapshot(blocks: blocks.withLock { $0 }) }

    /// The entries of a corpus at one moment.
    package struct Snapshot: Sendable {
        let blocks: [SearchBlock]

        /// The number of entries.
        package var count: Int { blocks.isEmpty ? 0 : (blocks.count - 1) * SearchBlock.capacity + blocks[blocks.count - 1].count }

        @inline(__always) func block(of entry: Int) -> (SearchBlock, Int) {
            (blocks[entry >> SearchBlock.shift], entry & (SearchBlock.capacity - 1))
        }

        /// The bytes the entries' texts take as stored (full blocks compressed).
        package var storedTextBytes: Int { blocks.reduce(0) { $0 + $1.texts.storedByteCount } }

        /// The length of an entry's searched text.
        package func textLength(of entry: Int) -> Int {
            let (block, offset) = block(of: entry)
            return block.texts.textLength(at: offset)
        }

        /// Calls `body` with the searched bytes of an entry.
        @inline(__always) package func withText<Result>(of entry: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            let (block, offset) = block(of: entry)
            return block.texts.withText(at: offset, body)
        }

        /// Calls `body` with each entry of `range` and its searched bytes, reading each block's storage once.
        @inline(__always) func forEachText(in range: Range<Int>, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
            var entry = range.lowerBound
            while entry < range.upperBound {
                let block = blocks[entry >> SearchBlock.shift]
                let end = min(range.upperBound, ((entry >> SearchBlock.shift) + 1) << SearchBlock.shift)
                let base = entry & ~(SearchBlock.capacity - 1)
                block.texts.forEachText(from: entry - base, to: end - base) { offset, bytes in body(base + offset, bytes) }
                entry = end
            }
        }

        /// The entry of an entry's parent, or -1 at the top.
        package func parent(of entry: Int) -> Int {
            let (block, offset) = block(of: entry)
            return Int(block.parent(at: offset))
        }

        /// An entry's index among its parent's children.
        package func position(of entry: Int) -> Int {
            let (block, offset) = block(of: entry)
            return Int(block.position(at: offset))
        }

        /// The title of an entry: its text up to the first unit separator.
        package func title(of entry: Int) -> String {
            withText(of: entry, Self.title)
        }

        /// The titles of `entries`, by entry, each chunk of texts read once.
        package func titles(of entries: some Sequence<Int>) -> [Int: String] {
            var titles: [Int: String] = [:]
            let sorted = Set(entries).sorted()
            var index = 0
            while index < sorted.count {
                let blockIndex = sorted[index] >> SearchBlock.shift
                let base = blockIndex << SearchBlock.shift
                var offsets: [Int] = []
                while index < sorted.count, sorted[index] >> SearchBlock.shift == blockIndex {
                    offsets.append(sorted[index] - base)
                    index += 1
                }
                blocks[blockIndex].texts.forEachText(at: offsets) { offset, bytes in titles[base + offset] = Self.title(bytes) }
            }
            return titles
        }

        private static func title(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[..<(bytes.firstIndex(of: 0x1F) ?? bytes.count)]), as: UTF8.self)
        }

        /// The entries from the top down to `entry`, `entry` included.
        package func chain(to entry: Int) -> [Int] {
            var chain = [entry]
            var node = parent(of: entry)
            while node >= 0 {
                chain.append(node)
                node = parent(of: node)
            }
            return chain.reversed()
        }

        /// The number of entries above `entry`.
        func depth(of entry: Int) -> Int {
            var depth = 0
            var node = parent(of: entry)
            while node >= 0 {
                depth += 1
                node = parent(of: node)
            }
            return depth
        }
    }
}
