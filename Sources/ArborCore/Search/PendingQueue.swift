/// The items a breadth-first walk has still to visit, first in, first out, kept compactly: a walk of a million
/// items may have a few hundred thousand waiting at once, so their ids are kept as bytes, in chunks that go once
/// visited, each id without the start it shares with the one before it in its chunk (siblings' ids mostly differ
/// at the end).
struct PendingQueue: Sendable {
    /// One waiting item without its id: 20 bytes.
    private struct Record: Sendable {
        var entry: Int32
        var depth: Int32
        var counted: Int32
        /// Where the item's id ends in its chunk's bytes.
        var idEnd: UInt32
        /// How many bytes its id starts with of the id before it in the chunk.
        var shared: UInt16
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
    /// The id of the item appended last, which the next one in its chunk is written against.
    private var appendedID: [UInt8] = []
    /// The id of the item taken last, which the next one in its chunk is read against.
    private var takenID: [UInt8] = []

    var isEmpty: Bool { front.isEmpty && chunks.isEmpty }

    /// Adds an item at the end; it is visited from its first child (one visited in part is put back).
    mutating func append(_ pending: SearchWalk.Pending) {
        if chunks.isEmpty || chunks[chunks.count - 1].records.count == Self.chunkSize {
            var chunk = Chunk()
            chunk.records.reserveCapacity(Self.chunkSize)
            chunks.append(chunk)
            appendedID.removeAll(keepingCapacity: true)
        }
        let last = chunks.count - 1
        var id = pending.id
        let shared = id.withUTF8 { utf8 in
            let limit = min(utf8.count, appendedID.count, Int(UInt16.max))
            var shared = 0
            while shared < limit, utf8[shared] == appendedID[shared] { shared += 1 }
            let rest = UnsafeBufferPointer(rebasing: utf8[shared...])
            chunks[last].ids.append(contentsOf: rest)
            appendedID.removeSubrange(shared...)
            appendedID.append(contentsOf: rest)
            return UInt16(shared)
        }
        chunks[last].records.append(Record(
            entry: pending.entry, depth: Int32(clamping: pending.childDepth), counted: pending.count.map { Int32(clamping: $0) } ?? -1,
            idEnd: UInt32(chunks[last].ids.count), shared: shared))
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
        takenID.removeSubrange(Int(record.shared)...)
        takenID.append(contentsOf: chunks[0].ids[start..<Int(record.idEnd)])
        let id = String(decoding: takenID, as: UTF8.self)
        head += 1
        if head == chunks[0].records.count {
            chunks.removeFirst()
            head = 0
        }
        return SearchWalk.Pending(entry: record.entry, id: id, childDepth: Int(record.depth),
                                  count: record.counted < 0 ? nil : Int(record.counted))
    }
}
