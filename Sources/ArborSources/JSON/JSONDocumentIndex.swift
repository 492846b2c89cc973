import CJSONScan

/// The containers of any JSON document, found in one pass over its bytes: where each object and array starts
/// and ends, its parent, its place there and its number of members, and where every 64th member starts.
/// Scalars are not recorded; they are found again between their container's members when shown.
struct JSONDocumentIndex: Sendable {
    /// Offset of each container's `{` or `[`, in document order (so ascending); container 0 is the top value.
    fileprivate(set) var start: ByteOffsets
    /// Offset just past each container's closing bracket.
    fileprivate(set) var end: ByteOffsets
    /// Each container's parent, -1 for the top value.
    fileprivate(set) var parent: [Int32] = []
    /// Each container's position among its parent's members.
    fileprivate(set) var position: [Int32] = []
    /// Each container's number of members.
    fileprivate(set) var memberCount: [Int32] = []
    /// For containers with more than ``stride`` members: where members `stride`, `2 * stride`... start
    /// (the key of an object's member, the value of an array's).
    fileprivate(set) var checkpoints: [Int32: [Int]] = [:]

    /// For JSON Lines: where each line's value starts, container 0 being the list of lines (no bytes of its own).
    var lines: JSONLinesTable?

    /// Members between two checkpoints (a power of two: the C scan masks instead of dividing).
    static let stride = 64

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
        end = ByteOffsets(inputSize: inputSize, capacity: expectedContainers)
        parent.reserveCapacity(expectedContainers)
        position.reserveCapacity(expectedContainers)
        memberCount.reserveCapacity(expectedContainers)
        LargeBuffers.adviseHugePages(forRoomOf: &parent)
        LargeBuffers.adviseHugePages(forRoomOf: &position)
        LargeBuffers.adviseHugePages(forRoomOf: &memberCount)
    }

    mutating func open(at offset: Int, parent: Int32, position: Int32) -> Int32 {
        start.append(offset)
        end.append(offset)
        self.parent.append(parent)
        self.position.append(position)
        memberCount.append(0)
        return Int32(start.count - 1)
    }

    mutating func close(_ container: Int32, at offset: Int, members: Int32) {
        end[Int(container)] = offset
        memberCount[Int(container)] = members
    }

    /// Makes room for `containers` in all: storage shared with a version shown is copied now, with the room,
    /// rather than copied at its size and then grown by doubling (which holds the old storage and the new).
    mutating func reserve(containers: Int) {
        start.reserve(containers)
        end.reserve(containers)
        parent.reserveCapacity(containers)
        position.reserveCapacity(containers)
        memberCount.reserveCapacity(containers)
    }

    /// Forgets the containers from `count` on (those of a line found malformed).
    mutating func truncate(to count: Int) {
        guard count < start.count else { return }
        for container in count..<start.count { checkpoints[Int32(container)] = nil }
        start.truncate(to: count)
        end.truncate(to: count)
        parent.removeLast(parent.count - count)
        position.removeLast(position.count - count)
        memberCount.removeLast(memberCount.count - count)
    }

    /// Appends the containers of `tail`, the index of a later part of the same input, each parent and place
    /// among its parent's members given by `placed` (from the tail's own, a tail container's shifted by
    /// `shift`); their checkpoints come along. Each table of `tail` is handed back a few MiB at a time as it is
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
        position.append(contentsOf: repeatElement(0, count: opened))
        memberCount.append(contentsOf: repeatElement(0, count: opened))
        start.grow(by: opened) { starts in
            end.grow(by: opened) { ends in
                parent.withUnsafeMutableBufferPointer { parents in
                    position.withUnsafeMutableBufferPointer { positions in
                        memberCount.withUnsafeMutableBufferPointer { members in
                            for event in events {
                                let offset = Int(event.offset)
                                switch event.kind {
                                case Int32(ARBOR_JSON_OPEN.rawValue):
                                    starts.set(next, offset)
                                    ends.set(next, offset)
                                    parents[next] = event.a
                                    positions[next] = event.b
                                    next += 1
                                case Int32(ARBOR_JSON_CLOSE.rawValue):
                                    ends.set(Int(event.a), offset)
                                    members[Int(event.a)] = event.b
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
}

/// The tables of two indexes taken out of them while the second's are appended to the first's on two threads:
/// each thread changes only its own tables, read back once both have ended.
private final class IndexTablesMove: @unchecked Sendable {
    private var start: ByteOffsets, end: ByteOffsets, tailStart: ByteOffsets, tailEnd: ByteOffsets
    private var parent: [Int32], position: [Int32], memberCount: [Int32]
    private var tailParent: [Int32], tailPosition: [Int32], tailMemberCount: [Int32]
    private let placed: @Sendable (Int32, Int32) -> (Int32, Int32)
    let tailCheckpoints: [Int32: [Int]]

    /// Takes the tables of both (left empty, so that the storage moved is held once and not copied).
    init(head: inout JSONDocumentIndex, tail: inout JSONDocumentIndex, placed: @escaping @Sendable (Int32, Int32) -> (Int32, Int32)) {
        let none = Self.none
        (start, head.start) = (head.start, none)
        (end, head.end) = (head.end, none)
        (tailStart, tail.start) = (tail.start, none)
        (tailEnd, tail.end) = (tail.end, none)
        (parent, head.parent) = (head.parent, [])
        (position, head.position) = (head.position, [])
        (memberCount, head.memberCount) = (head.memberCount, [])
        (tailParent, tail.parent) = (tail.parent, [])
        (tailPosition, tail.position) = (tail.position, [])
        (tailMemberCount, tail.memberCount) = (tail.memberCount, [])
        (tailCheckpoints, tail.checkpoints) = (tail.checkpoints, [:])
        self.placed = placed
    }

    func moveOffsets() {
        var (start, end, tailStart, tailEnd) = (self.start, self.end, self.tailStart, self.tailEnd)
        (self.start, self.end, self.tailStart, self.tailEnd) = (Self.none, Self.none, Self.none, Self.none)
        start.move(from: &tailStart)
        end.move(from: &tailEnd)
        (self.start, self.end) = (start, end)
    }

    /// The tables other than offsets, moved in local variables (a class's own are checked for exclusive
    /// access at every use).
    func moveTables() {
        var (parent, position, memberCount) = (self.parent, self.position, self.memberCount)
        var (tailParent, tailPosition, tailMemberCount) = (self.tailParent, self.tailPosition, self.tailMemberCount)
        (self.parent, self.position, self.memberCount, self.tailParent, self.tailPosition, self.tailMemberCount) = ([], [], [], [], [], [])
        ReleasingMove.append(&tailMemberCount, to: &memberCount)
        let count = tailParent.count
        parent.reserveCapacity(parent.count + count)
        position.reserveCapacity(position.count + count)
        let placed = self.placed
        tailParent.withUnsafeMutableBufferPointer { parents in
            tailPosition.withUnsafeMutableBufferPointer { positions in
                let chunk = ReleasingMove.chunkBytes / MemoryLayout<Int32>.stride
                for first in Swift.stride(from: 0, to: count, by: chunk) {
                    let chunkEnd = min(count, first + chunk)
                    for container in first..<chunkEnd {
                        let (newParent, newPosition) = placed(parents[container], positions[container])
                        parent.append(newParent)
                        position.append(newPosition)
                    }
                    ReleasingMove.handBack(UnsafeMutableBufferPointer(rebasing: parents[first..<chunkEnd]))
                    ReleasingMove.handBack(UnsafeMutableBufferPointer(rebasing: positions[first..<chunkEnd]))
                }
            }
        }
        (self.parent, self.position, self.memberCount) = (parent, position, memberCount)
    }

    private static let none = ByteOffsets(inputSize: 0)

    /// Puts the joined tables back.
    func restore(head: inout JSONDocumentIndex) {
        (head.start, head.end, head.parent, head.position, head.memberCount) = (start, end, parent, position, memberCount)
        (start, end, parent, position, memberCount) = (Self.none, Self.none, [], [], [])
    }
}
