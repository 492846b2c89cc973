import CYAMLBlock

/// The copies a second part's aliases of the first part's anchors stand for, put into its text where the parts
/// are joined (`arbor_yaml_part_copies`), and where they move the part's bytes: each copy goes in before the byte
/// of the part's text it waited at, so an offset past that byte moves on by the copy's length.
struct YAMLPartCopies {
    let copies: arbor_yaml_part_copies
    /// The bytes of the copies before each, and of all of them (one more than the copies).
    private let before: [Int]

    init(_ copies: arbor_yaml_part_copies) {
        self.copies = copies
        var before = [0]
        before.reserveCapacity(Int(copies.count) + 1)
        for copy in 0..<Int(copies.count) { before.append(before[copy] + Int(copies.lengths[copy])) }
        self.before = before
    }

    var count: Int { Int(copies.count) }

    /// Where byte `offset` of the part's text is once the copies are in: past the copies waiting at bytes before
    /// it. A copy waiting at `offset` itself goes in at that place: a checkpoint there is its member's start, and
    /// a container's end there is before it.
    func moved(_ offset: Int) -> Int { offset + before[copiesBefore(offset)] }

    /// How many copies wait at bytes before `offset`.
    func copiesBefore(_ offset: Int) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if Int(copies.at[middle]) < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Where copy `copy` starts once the copies are in (before the part's text is placed).
    func start(of copy: Int) -> Int { Int(copies.at[copy]) + before[copy] }

    /// The bytes of copy `copy`.
    func bytes(of copy: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: copies.bytes[copy], count: Int(copies.lengths[copy]))
    }

    /// The container copy `copy` is a member of (the part's numbering) and its place there.
    func member(of copy: Int) -> (parent: Int32, place: Int32) {
        (copies.parents[copy], Int32(truncatingIfNeeded: copies.places[copy]))
    }
}
