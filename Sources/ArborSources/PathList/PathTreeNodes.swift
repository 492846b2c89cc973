#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The nodes of a path tree while it is built: ranges of the input, parents, each node's children as a chain
/// (first child, next sibling) that `childLists` flattens, and a table to find a child by its segment.
struct PathTreeNodes {
    var segmentStart: ByteOffsets, segmentLength: [Int32] = [0]
    /// The top of the list is listed with an empty line: its id is "".
    var lineStart: ByteOffsets, lineLength: [Int32] = [0]
    var parent: [Int32] = [-1]
    private var firstChild: [Int32] = [-1], lastChild: [Int32] = [-1], nextSibling: [Int32] = [-1]
    /// Node index + 1 in each slot, hashed by parent and segment; 0 for an empty slot.
    private var slots: [Int32]

    var count: Int { parent.count }

    /// Nodes of an input of `inputSize` bytes, with room for about `expected` before the table of children grows.
    init(inputSize: Int, expected: Int) {
        segmentStart = ByteOffsets(inputSize: inputSize)
        segmentStart.append(0)
        lineStart = ByteOffsets(inputSize: inputSize)
        lineStart.append(0)
        var capacity = 1 << 10
        while capacity < expected * 2 { capacity <<= 1 }
        slots = [Int32](repeating: 0, count: capacity)
    }

    /// The child of `parent` whose segment has the bytes `bytes`, if there is one.
    func find(_ parent: Int32, _ bytes: UnsafeBufferPointer<UInt8>, in input: UnsafeBufferPointer<UInt8>) -> Int32? {
        probe(parent, bytes, in: input).node
    }

    /// The slot of the child of `parent` whose segment has the bytes `bytes`, with the child; or the empty slot
    /// where it would go.
    private func probe(_ parent: Int32, _ bytes: UnsafeBufferPointer<UInt8>, in input: UnsafeBufferPointer<UInt8>)
        -> (slot: Int, node: Int32?) {
        var slot = Self.hash(parent, bytes) & (slots.count - 1)
        while slots[slot] != 0 {
            let node = slots[slot] - 1
            if self.parent[Int(node)] == parent, Int(segmentLength[Int(node)]) == bytes.count,
               bytes.isEmpty || memcmp(input.baseAddress! + segmentStart[Int(node)], bytes.baseAddress!, bytes.count) == 0 {
                return (slot, node)
            }
            slot = (slot + 1) & (slots.count - 1)
        }
        return (slot, nil)
    }

    /// Drops what only building needed.
    mutating func finish() -> (start: [Int32], list: [Int32]) {
        let lists = childLists()
        firstChild = []
        lastChild = []
        nextSibling = []
        return lists
    }

    /// The child of `parent` with the segment `input[start..<start + length]`, made when there is none yet.
    mutating func child(of parent: Int32, start: Int, length: Int, in input: UnsafeBufferPointer<UInt8>) -> Int32 {
        let found = probe(parent, UnsafeBufferPointer(rebasing: input[start..<(start + length)]), in: input)
        if let node = found.node { return node }
        let slot = found.slot
        let node = Int32(count)
        segmentStart.append(start)
        segmentLength.append(Int32(clamping: length))
        lineStart.append(0)
        lineLength.append(-1)
        self.parent.append(parent)
        firstChild.append(-1)
        lastChild.append(-1)
        nextSibling.append(-1)
        if lastChild[Int(parent)] < 0 { firstChild[Int(parent)] = node } else { nextSibling[Int(lastChild[Int(parent)])] = node }
        lastChild[Int(parent)] = node
        slots[slot] = node + 1
        if count * 2 > slots.count { grow(input) }
        return node
    }

    /// Marks a node as listed on the line `input[start..<start + length]`, unless an earlier line listed it.
    mutating func list(_ node: Int32, lineStart start: Int, length: Int) {
        guard lineLength[Int(node)] < 0 else { return }
        lineStart[Int(node)] = start
        lineLength[Int(node)] = Int32(clamping: length)
    }

    /// Children in order, flattened: node n's are `list[start[n]..<start[n + 1]]`.
    private func childLists() -> (start: [Int32], list: [Int32]) {
        var start = [Int32](repeating: 0, count: count + 1)
        var list: [Int32] = []
        list.reserveCapacity(count)
        for node in 0..<count {
            start[node] = Int32(list.count)
            var child = firstChild[node]
            while child >= 0 {
                list.append(child)
                child = nextSibling[Int(child)]
            }
        }
        start[count] = Int32(list.count)
        return (start, list)
    }

    private mutating func grow(_ input: UnsafeBufferPointer<UInt8>) {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        for node in 1..<count {
            let start = segmentStart[node]
            let segment = UnsafeBufferPointer(rebasing: input[start..<(start + Int(segmentLength[node]))])
            var slot = Self.hash(parent[node], segment) & (slots.count - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = Int32(node) + 1
        }
    }

    private static func hash(_ parent: Int32, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(UInt32(bitPattern: parent)) &* 0x9E37_79B9_7F4A_7C15
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }

    static func equal(_ input: UnsafeBufferPointer<UInt8>, _ first: Int, _ second: Int, _ length: Int) -> Bool {
        first == second || memcmp(input.baseAddress! + first, input.baseAddress! + second, length) == 0
    }
}
