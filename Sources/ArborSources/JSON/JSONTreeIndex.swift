/// The skeleton of a JSON object tree found in one pass over the bytes: where each item starts, its parent
/// and its children. Nothing is decoded; an item's fields are read from its bytes when it is shown.
struct JSONTreeIndex: Sendable {
    /// Offset of each item's value in the bytes (`{` for an object); item 0 is the root.
    private var starts: ByteOffsets
    /// Each item's parent, -1 for the root.
    private(set) var parent: [Int32] = []
    /// Each item's position among its parent's children.
    private(set) var position: [Int32] = []
    /// Where each item's children begin in `childList` (one more entry than items).
    private(set) var childOffsets: [Int32] = []
    /// The children of every item, item after item.
    private(set) var childList: [Int32] = []
    /// Where each item's children array starts and ends in the bytes (-1 without one).
    private var childrenStart: ByteOffsets
    private var childrenEnd: ByteOffsets
    /// The byte range of the id field's value, for items that have one.
    private(set) var idRanges: [Int32: Range<Int>] = [:]
    /// Whether the top value is an array standing for a list of top-level items (a virtual root).
    private(set) var isVirtual = false
    /// Whether the first object of the tree holds a children array (what makes a document an object tree).
    private(set) var looksLikeTree = false

    /// An empty index of an input of `inputSize` bytes.
    init(inputSize: Int) {
        starts = ByteOffsets(inputSize: inputSize)
        childrenStart = ByteOffsets(inputSize: inputSize)
        childrenEnd = ByteOffsets(inputSize: inputSize)
    }

    /// The children of an item.
    func children(of item: Int32) -> ArraySlice<Int32> {
        childList[Int(childOffsets[Int(item)])..<Int(childOffsets[Int(item) + 1])]
    }

    /// The number of items.
    var count: Int { starts.count }

    /// Where an item's value starts.
    func start(of item: Int32) -> Int { starts[Int(item)] }

    /// Indexes `bytes`, or nil when they are not well-formed JSON (the full parser then says where).
    /// With `treesOnly`, the scan stops (nil) as soon as the first object has ended without a children array.
    static func scan(
        _ bytes: SourceBytes, childrenField: String, idFields: [String], treesOnly: Bool = false, race: ScanRace? = nil,
        deferBeyond: Int? = nil, knownEnds: (@Sendable (Int) -> Int?)? = nil
    ) -> JSONTreeIndex? {
        let scanner = JSONTreeScanner(childrenKey: Array(childrenField.utf8), idKeys: idFields.map { Array($0.utf8) },
                                      treesOnly: treesOnly, race: race, deferBeyond: deferBeyond, knownEnds: knownEnds)
        guard let index = bytes.withUnsafeBufferPointer({ scanner.scan($0) }) else { return nil }
        return index
    }

    /// Records an item met while scanning.
    mutating func add(start offset: Int, parent: Int32, position: Int32) -> Int32 {
        starts.append(offset)
        self.parent.append(parent)
        self.position.append(position)
        childrenStart.append(-1)
        childrenEnd.append(-1)
        return Int32(starts.count - 1)
    }

    mutating func setChildrenRange(_ range: Range<Int>, of item: Int32) {
        childrenStart[Int(item)] = range.lowerBound
        childrenEnd[Int(item)] = range.upperBound
    }

    /// The byte range of an item's children array, if it has one.
    func childrenRange(of item: Int32) -> Range<Int>? {
        childrenStart[Int(item)] < 0 ? nil : childrenStart[Int(item)]..<childrenEnd[Int(item)]
    }

    mutating func setID(_ range: Range<Int>, of item: Int32) { idRanges[item] = range }

    mutating func markTree(virtual: Bool, looksLikeTree: Bool) {
        isVirtual = virtual
        self.looksLikeTree = looksLikeTree
    }

    /// Lays the children out item by item once every parent is known.
    mutating func finish() {
        var counts = [Int32](repeating: 0, count: starts.count + 1)
        for item in parent where item >= 0 { counts[Int(item) + 1] += 1 }
        for index in 1..<counts.count { counts[index] += counts[index - 1] }
        childOffsets = counts
        var next = counts
        childList = [Int32](repeating: 0, count: starts.count)
        for item in parent.indices where parent[item] >= 0 {
            let owner = Int(parent[item])
            childList[Int(next[owner])] = Int32(item)
            next[owner] += 1
        }
        childList.removeLast(childList.count - Int(counts[starts.count]))
    }
}
