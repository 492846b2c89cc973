/// The entries of a tree of changes in the order it shows them, all shown: where each entry and each unchanged
/// element without one stands, and which entries are changes, so that the keys going from one change to the next
/// find it by halves.
struct DiffChangeOrder {
    /// Each entry's place in the order shown.
    private var rank: [Int32]
    /// The place after each entry and everything under it.
    private var rankAfter: [Int32]
    /// The entries that are changes, in the order shown.
    let changes: [Int32]
    /// For each entry listing unchanged elements without entries, its members that are entries, each with the
    /// number of elements of the second version listed before it (ascending).
    private let entriesAmongElements: [Int32: [(elementsBefore: Int32, entry: Int32)]]

    init<Value>(_ entries: [DiffEntry<Value>]) {
        var rank = [Int32](repeating: 0, count: entries.count)
        var changes: [Int32] = []
        var pending: [Int32] = [0]
        var next: Int32 = 0
        var among: [Int32: [(elementsBefore: Int32, entry: Int32)]] = [:]
        while let index = pending.popLast() {
            rank[Int(index)] = next
            next += 1
            let entry = entries[Int(index)]
            if entry.isChange { changes.append(index) }
            let members = entry.members ?? []
            pending += members.compactMap(\.entry).reversed()
            guard members.contains(where: { $0.entry == nil }) else { continue }
            var listed: [(elementsBefore: Int32, entry: Int32)] = []
            var elements: Int32 = 0
            for slot in members {
                if let member = slot.entry {
                    listed.append((elements, member))
                    if entries[Int(member)].status != .removed { elements += 1 }
                } else {
                    elements += 1
                }
            }
            among[index] = listed
        }
        var after = rank.map { $0 + 1 }
        for index in entries.indices.reversed() {
            let parent = Int(entries[index].parent)
            if parent >= 0 { after[parent] = max(after[parent], after[index]) }
        }
        self.rank = rank
        rankAfter = after
        self.changes = changes
        entriesAmongElements = among
    }

    /// The place from which the next change is looked for: past `entry` going forward and at it going back, or,
    /// from a value under it, past that value (`element`, the place in the second version of the unchanged element
    /// it is or is under) both ways.
    func place(after entry: Int32, element: Int?, forward: Bool) -> Int32 {
        guard let element else { return rank[Int(entry)] + (forward ? 1 : 0) }
        guard let listed = entriesAmongElements[entry] else { return rank[Int(entry)] + 1 }
        var low = 0
        var high = listed.count
        while low < high {
            let middle = (low + high) / 2
            if Int(listed[middle].elementsBefore) <= element { low = middle + 1 } else { high = middle }
        }
        return low < listed.count ? rank[Int(listed[low].entry)] : rankAfter[Int(entry)]
    }

    /// The first change at or past `place`, and the last one before it.
    func changes(around place: Int32) -> (next: Int32?, previous: Int32?) {
        var low = 0
        var high = changes.count
        while low < high {
            let middle = (low + high) / 2
            if rank[Int(changes[middle])] < place { low = middle + 1 } else { high = middle }
        }
        return (low < changes.count ? changes[low] : nil, low > 0 ? changes[low - 1] : nil)
    }
}
