import CJSONScan

/// The containers of any JSON document, found in one pass over its bytes: where each object and array starts
/// and ends, its parent, its place there and its number of members, and where every 64th member starts.
/// Scalars are not recorded; they are found again between their container's members when shown. A container
/// takes 12 bytes: its start (4), length (2), parent (4), place among every 64 members (1) and member count (1),
/// the few lengths and counts too large for that kept apart.
struct JSONDocumentIndex: Sendable {
    /// Offset of each container's `{` or `[`, in document order (so ascending); container 0 is the top value.
    fileprivate(set) var start: ByteOffsets
    /// Each container's length, from its `{` or `[` to just past its closing bracket (0 until it is closed).
    fileprivate(set) var length: NarrowNumbers<UInt16>
    /// Each container's parent, -1 for the top value.
    fileprivate(set) var parent: [Int32] = []
    /// Each container's position among its parent's members, less a multiple of ``stride``: the rest is the
    /// number of the parent's checkpoints before it (see ``position(of:)``).
    fileprivate(set) var placeInStride: [UInt8] = []
    /// Each container's number of members.
    fileprivate(set) var memberCount: NarrowNumbers<UInt8>
    /// For containers with more than ``stride`` members: where members `stride`, `2 * stride`... start
    /// (the key of an object's member, the value of an array's), or, in an index built as its text was written
    /// (``YAMLTextIndexer``), the space before it from just past its comma: each is read from with space skipped.
    fileprivate(set) var checkpoints: [Int32: [Int]] = [:]

    /// For JSON Lines: where each line's value starts, container 0 being the list of lines (no bytes of its own).
    var lines: JSONLinesTable?

    /// Members between two checkpoints (a power of two: the C scan masks instead of dividing).
    static let stride = 64

    /// The containers to make room for in `bytes` of a document: one every 24 bytes, more than the densest
    /// documents hold (a Kubernetes list written from YAML has one every 28). Room not filled costs no memory,
    /// while a table that outgrows its room is copied, and the memory it leaves stays with the process.
    static func room(forBytes bytes: Int) -> Int { bytes / 24 }

    /// The number of containers.
    var count: Int { start.count }

    /// The container whose value starts at `offset`, if one does.
    func container(at offset: Int) -> Int32? {
        var low = lines == nil ? 0 : 1
        var high = start.count
        while low < high {
            let middle = (low + high) / 2
            if start[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low < start.count && start[low] == offset ? Int32(low) : nil
    }

    /// The offset where member `member` of a container starts, or where the nearest earlier checkpoint does,
    /// with that checkpoint's member number; member 0 starts after the opening bracket.
    func checkpoint(before member: Int, of container: Int32) -> (member: Int, offset: Int) {
        let nearest = member / Self.stride
        if nearest > 0, let offsets = checkpoints[container], nearest - 1 < offsets.count {
            return (nearest * Self.stride, offsets[nearest - 1])
        }
        return (0, start[Int(container)] + 1)
    }

    /// An empty index of an input of `inputSize` bytes, with room for about `expectedContainers`.
    init(inputSize: Int, expectedContainers: Int = 0) {
        start = ByteOffsets(inputSize: inputSize, capacity: expectedContainers)
        length = NarrowNumbers(capacity: expectedContainers)
        memberCount = NarrowNumbers(capacity: expectedContainers)
        parent.reserveCapacity(expectedContainers)
        placeInStride.reserveCapacity(expectedContainers)
    }

    /// Offset just past a container's closing bracket (its start until it is closed).
    func end(_ container: Int) -> Int { start[container] + length[container] }

    /// A container's position among its parent's members: its place among every ``stride`` members, after as
    /// many strides as the parent has checkpoints at or before it (a line of JSON Lines: its number).
    func position(of container: Int32) -> Int32 {
        let place = Int32(placeInStride[Int(container)])
        let parent = parent[Int(container)]
        guard parent >= 0 else { return place }
        let offset = start[Int(container)]
        if parent == 0, let lines { return Int32(lines.member(startingAt: offset)) }
        guard memberCount[Int(parent)] > Self.stride, let offsets = checkpoints[parent] else { return place }
        var low = 0
        var high = offsets.count
        while low < high {
            let middle = (low + high) / 2
            if offsets[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return Int32(low * Self.stride) + place
    }

    /// A position's place among every ``stride`` members, as ``placeInStride`` holds it.
    static func place(of position: Int32) -> UInt8 { UInt8(truncatingIfNeeded: Int(position) & (stride - 1)) }

    mutating func open(at offset: Int, parent: Int32, position: Int32) -> Int32 {
        start.append(offset)
        length.grow(by: 1) { _ in }
        memberCount.grow(by: 1) { _ in }
        self.parent.append(parent)
        placeInStride.append(Self.place(of: position))
        return Int32(start.count - 1)
    }

    mutating func close(_ container: Int32, at offset: Int, members: Int32) {
        length[Int(container)] = offset - start[Int(container)]
        memberCount[Int(container)] = Int(members)
    }

    /// Makes room for `containers` in all: storage shared with a version shown is copied now, with the room,
    /// rather than copied at its size and then grown by doubling (which holds the old storage and the new).
    mutating func reserve(containers: Int) {
        start.reserve(containers)
        length.reserve(containers)
        parent.reserveCapacity(containers)
        placeInStride.reserveCapacity(containers)
        memberCount.reserve(containers)
    }

    /// Forgets the containers from `count` on (those of a line found malformed).
    mutating func truncate(to count: Int) {
        guard count < start.count else { return }
        for container in count..<start.count { checkpoints[Int32(container)] = nil }
        start.truncate(to: count)
        length.truncate(to: count)
        parent.removeLast(parent.count - count)
        placeInStride.removeLast(placeInStride.count - count)
        memberCount.truncate(to: count)
    }

    /// Appends the containers of `tail`, the index of a later part of the same input, each parent and place
    /// among its parent's members given by `placed` (from the tail's own, a tail container's shifted by
    /// `shift`); their checkpoints come along. Each table of `tail` is handed back a MiB at a time as it is
    /// appended, so that the two are held together by no more than that. The offsets and the other tables are
    /// moved on two threads at once.
    mutating func append(_ tail: inout JSONDocumentIndex, shift: Int32, placed: @escaping @Sendable (_ parent: Int32, _ position: Int32) -> (Int32, Int32)) {
        let move = IndexTablesMove(head: &self, tail: &tail, placed: placed)
        WorkerThreads.perform(2) { part in
            if part == 0 { move.moveOffsets() } else { move.moveTables() }
        }
        move.restore(head: &self)
        tail = JSONDocumentIndex(inputSize: 0)
        for (container, offsets) in move.tailCheckpoints { checkpoints[container + shift] = offsets }
    }

    /// Records what a scan found: `opened` containers opened, containers closed, checkpoints; the tables grown
    /// once and written by address.
    mutating func record(_ events: UnsafeBufferPointer<arbor_json_event>, opened: Int) {
        var next = count
        parent.append(contentsOf: repeatElement(0, count: opened))
        placeInStride.append(contentsOf: repeatElement(0, count: opened))
        let stride = Self.stride
        start.grow(by: opened) { starts in
            length.grow(by: opened) { lengths in
                memberCount.grow(by: opened) { members in
                    parent.withUnsafeMutableBufferPointer { parents in
                        placeInStride.withUnsafeMutableBufferPointer { places in
                            for event in events {
                                let offset = Int(event.offset)
                                switch event.kind {
                                case Int32(ARBOR_JSON_OPEN.rawValue):
                                    starts.set(next, offset)
                                    parents[next] = event.a
                                    places[next] = UInt8(truncatingIfNeeded: Int(event.b) & (stride - 1))
                                    next += 1
                                case Int32(ARBOR_JSON_CLOSE.rawValue):
                                    let container = Int(event.a)
                                    lengths.set(container, offset - starts.get(container))
                                    members.set(container, Int(event.b))
                                default:
                                    checkpoints[event.a, default: []].append(offset)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    mutating func addCheckpoint(_ offset: Int, to container: Int32) {
        checkpoints[container, default: []].append(offset)
    }

    /// Moves every offset on by `shift`: the index of a later part of a text, once the part is placed in it.
    mutating func moveOffsets(by shift: Int) {
        start.moveOn(by: shift)
        for (container, offsets) in checkpoints { checkpoints[container] = offsets.map { $0 + shift } }
    }

    /// Moves each checkpoint from just past its member's comma to where the member starts in `bytes` (the spaces
    /// and line breaks between passed), where a scan of them records it.
    mutating func settleCheckpoints(in bytes: UnsafeBufferPointer<UInt8>) {
        for (container, offsets) in checkpoints {
            checkpoints[container] = offsets.map { offset in
                var at = offset
                JSONGrammar.skipSpace(bytes, &at)
                return at
            }
        }
    }
}

/// The tables of two indexes taken out of them while the second's are appended to the first's on two threads:
/// each thread changes only its own tables, read back once both have ended.
private final class IndexTablesMove: @unchecked Sendable {
    private var start: ByteOffsets, length: NarrowNumbers<UInt16>, tailStart: ByteOffsets, tailLength: NarrowNumbers<UInt16>
    private var parent: [Int32], placeInStride: [UInt8], memberCount: NarrowNumbers<UInt8>
    private var tailParent: [Int32], tailPlaceInStride: [UInt8], tailMemberCount: NarrowNumbers<UInt8>
    private let placed: @Sendable (Int32, Int32) -> (Int32, Int32)
    let tailCheckpoints: [Int32: [Int]]

    /// Takes the tables of both (left empty, so that the storage moved is held once and not copied).
    init(head: inout JSONDocumentIndex, tail: inout JSONDocumentIndex, placed: @escaping @Sendable (Int32, Int32) -> (Int32, Int32)) {
        let none = Self.none
        (start, head.start) = (head.start, none)
        (length, head.length) = (head.length, NarrowNumbers())
        (tailStart, tail.start) = (tail.start, none)
        (tailLength, tail.length) = (tail.length, NarrowNumbers())
        (parent, head.parent) = (head.parent, [])
        (placeInStride, head.placeInStride) = (head.placeInStride, [])
        (memberCount, head.memberCount) = (head.memberCount, NarrowNumbers())
        (tailParent, tail.parent) = (tail.parent, [])
        (tailPlaceInStride, tail.placeInStride) = (tail.placeInStride, [])
        (tailMemberCount, tail.memberCount) = (tail.memberCount, NarrowNumbers())
        (tailCheckpoints, tail.checkpoints) = (tail.checkpoints, [:])
        self.placed = placed
    }

    func moveOffsets() {
        var (start, length, tailStart, tailLength) = (self.start, self.length, self.tailStart, self.tailLength)
        (self.start, self.length, self.tailStart, self.tailLength) = (Self.none, NarrowNumbers(), Self.none, NarrowNumbers())
        start.move(from: &tailStart)
        length.move(from: &tailLength)
        (self.start, self.length) = (start, length)
    }

    /// The tables other than offsets, moved in local variables (a class's own are checked for exclusive
    /// access at every use). A place among every stride of members is shifted as the position it stands for.
    func moveTables() {
        var (parent, placeInStride, memberCount) = (self.parent, self.placeInStride, self.memberCount)
        var (tailParent, tailPlaceInStride, tailMemberCount) = (self.tailParent, self.tailPlaceInStride, self.tailMemberCount)
        (self.parent, self.placeInStride, self.memberCount) = ([], [], NarrowNumbers())
        (self.tailParent, self.tailPlaceInStride, self.tailMemberCount) = ([], [], NarrowNumbers())
        memberCount.move(from: &tailMemberCount)
        let count = tailParent.count
        parent.reserveCapacity(parent.count + count)
        placeInStride.reserveCapacity(placeInStride.count + count)
        let placed = self.placed
        tailParent.withUnsafeMutableBufferPointer { parents in
            tailPlaceInStride.withUnsafeMutableBufferPointer { places in
                let chunk = ReleasingMove.chunkBytes / MemoryLayout<Int32>.stride
                for first in Swift.stride(from: 0, to: count, by: chunk) {
                    let chunkEnd = min(count, first + chunk)
                    for container in first..<chunkEnd {
                        let (newParent, newPosition) = placed(parents[container], Int32(places[container]))
                        parent.append(newParent)
                        placeInStride.append(JSONDocumentIndex.place(of: newPosition))
                    }
                    ReleasingMove.handBack(UnsafeMutableBufferPointer(rebasing: parents[first..<chunkEnd]))
                    ReleasingMove.handBack(UnsafeMutableBufferPointer(rebasing: places[first..<chunkEnd]))
                }
            }
        }
        (self.parent, self.placeInStride, self.memberCount) = (parent, placeInStride, memberCount)
    }

    private static let none = ByteOffsets(inputSize: 0)

    /// Puts the joined tables back.
    func restore(head: inout JSONDocumentIndex) {
        (head.start, head.length, head.parent, head.placeInStride, head.memberCount) = (start, length, parent, placeInStride, memberCount)
        (start, length, parent, placeInStride, memberCount) = (Self.none, NarrowNumbers(), [], [], NarrowNumbers())
    }
}
