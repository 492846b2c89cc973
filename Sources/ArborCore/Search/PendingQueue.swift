/// The items a walk has still to visit, first in, first out, kept compactly: a walk of a million items may have
/// a few hundred thousand waiting at once, so their ids are kept as bytes, in chunks that go once visited.
struct PendingQueue: Sendable {
    /// One waiting item without its id: 24 bytes.
    private struct Record: Sendable {
        var entry: Int32
        var depth: Int32
        var counted: Int32
        /// Where the item's id ends in its chunk's bytes.
        var idEnd: UInt32
        var next: Int
    }

    private struct Chunk: Sendable {
        var records: [Record] = []
        var ids: [UInt8] = []
    }

    /// Items per chunk.
    private static let chunkSize = 4_096

    private var chunks: [Chunk] = []
    /// The first record of the first chunk not yet taken.
    private var head = 0
    /// Items put back before the others, the last put back first.
    private var front: [SearchWalk.Pending] = []

    var isEmpty: Bool { front.isEmpty && chunks.isEmpty }

    /// Adds an item at the end.
    mutating func append(_ pending: SearchWalk.Pending) {
        if chunks.isEmpty || chunks[chunks.count - 1].records.count == Self.chunkSize {
            var chunk = Chunk()
            chunk.records.reserveCapacity(Self.chunkSize)
            chunks.append(chunk)
        }
        let last = chunks.count - 1
        var id = pending.id
        id.withUTF8 { chunks[last].ids.append(contentsOf: $0) }
        chunks[last].records.append(Record(
            entry: pending.entry, depth: Int32(clamping: pending.childDepth), counted: pending.count.map { Int32(clamping: $0) } ?? -1,
            idEnd: UInt32(chunks[last].ids.count), next: pending.next))
    }

    mutating func append(contentsOf items: [SearchWalk.Pending]) {
        for item in items { append(item) }
    }

    /// Puts an item back before all others.
    mutating func putBack(_ pending: SearchWalk.Pending) {
        front.append(pending)
    }

    /// Takes the first item.
    mutating func popFirst() -> SearchWalk.Pending? {
        if let pending = front.popLast() { return pending }
        guard !chunks.isEmpty else { return nil }
        let record = chunks[0].records[head]
        let start = head == 0 ? 0 : Int(chunks[0].records[head - 1].idEnd)
        let id = chunks[0].ids.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[start..<Int(record.idEnd)]), as: UTF8.self)
        }
        head += 1
        if head == chunks[0].records.count {
            chunks.removeFirst()
            head = 0
        }
        var pending = SearchWalk.Pending(entry: record.entry, id: id, childDepth: Int(record.depth),
                                         count: record.counted < 0 ? nil : Int(record.counted))
        pending.next = record.next
        return pending
    }
}
