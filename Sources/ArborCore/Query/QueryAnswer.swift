/// A query's answer as a tree: the items it matched and the items above them, each with the number of
/// matches at and under it. The ids are the source's own.
public struct QueryAnswer: Sendable, Hashable {
    /// The root the tree hangs from.
    public let rootID: String
    /// The matched items, in the order they were found, each once.
    public private(set) var matches: [String] = []
    /// Whether the walk has finished; false while matches are still coming in.
    public var isComplete = false
    /// Whether the walk stopped at the most items it may read (a find's bound), not at its end.
    public var stoppedAtLimit = false
    /// Why the walk stopped short of its end, when something other than a newer query stopped it.
    public var failure: String?
    /// Whether the root is virtual (not shown): a reveal starts below it.
    public var rootIsVirtual = false
    // Each item the tree has met is numbered once, the root 0; the rest is kept by number, so that a match costs
    // a lookup of its id and of each new ancestor's, not a table of strings per relation (200,000 matches spent
    // most of their time growing four dictionaries).
    private var numbers: [String: Int32]
    private var ids: [String]
    /// Each item's parent in the tree, or -1 for the root and an item not linked under one.
    private var parents: [Int32] = [-1]
    private var childLists: [[Int32]] = [[]]
    private var counts: [Int32] = [0]
    private var matched: [Bool] = [false]

    /// An answer without matches yet.
    public init(rootID: String) {
        self.rootID = rootID
        numbers = [rootID: 0]
        ids = [rootID]
    }

    /// Adds a matched item and the items between it and the root (nearest first); an item matched twice
    /// counts once.
    public mutating func add(_ id: String, ancestors: [String]) {
        let item = number(id)
        guard !matched[Int(item)] else { return }
        matched[Int(item)] = true
        matches.append(id)
        var child = item
        for parent in ancestors {
            // A chain meets the tree where its child is linked already: the items past it are not numbered.
            guard child != 0, parents[Int(child)] < 0 else { break }
            let above = number(parent)
            parents[Int(child)] = above
            childLists[Int(above)].append(child)
            child = above
        }
        var current = item
        while current >= 0 {
            counts[Int(current)] += 1
            current = parents[Int(current)]
        }
    }

    /// The item's number, given it when the tree meets it first.
    private mutating func number(_ id: String) -> Int32 {
        if let known = numbers[id] { return known }
        let next = Int32(ids.count)
        numbers[id] = next
        ids.append(id)
        parents.append(-1)
        childLists.append([])
        counts.append(0)
        matched.append(false)
        return next
    }

    /// Whether an item is in the tree: matched or above a match.
    public func contains(_ id: String) -> Bool { numbers[id].map { $0 == 0 || parents[Int($0)] >= 0 } ?? false }

    /// Whether an item was matched.
    public func isMatch(_ id: String) -> Bool { numbers[id].map { matched[Int($0)] } ?? false }

    /// The item's children in the tree.
    public func children(of id: String) -> [String] { children(of: id, in: 0..<Int.max) }

    /// The item's children in the tree at positions `range` (clamped).
    public func children(of id: String, in range: Range<Int>) -> [String] {
        guard let item = numbers[id] else { return [] }
        let list = childLists[Int(item)]
        return list[range.clamped(to: 0..<list.count)].map { ids[Int($0)] }
    }

    /// The number of the item's children in the tree.
    public func childCount(of id: String) -> Int { numbers[id].map { childLists[Int($0)].count } ?? 0 }

    /// The place of `childID` among the children of `parentID` in the tree, if it is one of them.
    public func position(of childID: String, in parentID: String) -> Int? {
        guard let child = numbers[childID], let parent = numbers[parentID] else { return nil }
        return childLists[Int(parent)].firstIndex(of: child)
    }

    /// The number of matches at and under an item.
    public func matchCount(under id: String) -> Int { numbers[id].map { Int(counts[Int($0)]) } ?? 0 }

    /// The ids from the top down to `id` as a reveal opens them (the root first unless it is virtual), or nil
    /// when it is not in the tree.
    public func revealPath(to id: String) -> [String]? {
        guard let path = path(to: id) else { return nil }
        return rootIsVirtual ? path : [rootID] + path
    }

    /// The ids from the root's child down to `id`, or nil when it is not in the tree.
    public func path(to id: String) -> [String]? {
        guard contains(id), var current = numbers[id] else { return nil }
        var path: [String] = []
        while current > 0, parents[Int(current)] >= 0 {
            path.append(ids[Int(current)])
            current = parents[Int(current)]
        }
        return path.reversed()
    }
}
