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
    private var matched: Set<String> = []
    private var childLists: [String: [String]] = [:]
    private var parents: [String: String] = [:]
    private var counts: [String: Int] = [:]

    /// An answer without matches yet.
    public init(rootID: String) {
        self.rootID = rootID
    }

    /// Adds a matched item and the items between it and the root (nearest first); an item matched twice
    /// counts once.
    public mutating func add(_ id: String, ancestors: [String]) {
        guard matched.insert(id).inserted else { return }
        matches.append(id)
        var child = id
        for parent in ancestors {
            if link(child, to: parent) { break }
            child = parent
        }
        var current: String? = id
        while let item = current {
            counts[item, default: 0] += 1
            current = parents[item]
        }
    }

    /// Links `child` under `parent`; true when `child` was linked before, so the rest of the chain is known.
    private mutating func link(_ child: String, to parent: String) -> Bool {
        guard child != rootID, parents[child] == nil else { return true }
        parents[child] = parent
        childLists[parent, default: []].append(child)
        return false
    }

    /// Whether an item is in the tree: matched or above a match.
    public func contains(_ id: String) -> Bool { id == rootID || parents[id] != nil }

    /// Whether an item was matched.
    public func isMatch(_ id: String) -> Bool { matched.contains(id) }

    /// The item's children in the tree.
    public func children(of id: String) -> [String] { childLists[id] ?? [] }

    /// The number of matches at and under an item.
    public func matchCount(under id: String) -> Int { counts[id] ?? 0 }

    /// The ids from the top down to `id` as a reveal opens them (the root first unless it is virtual), or nil
    /// when it is not in the tree.
    public func revealPath(to id: String) -> [String]? {
        guard let path = path(to: id) else { return nil }
        return rootIsVirtual ? path : [rootID] + path
    }

    /// The ids from the root's child down to `id`, or nil when it is not in the tree.
    public func path(to id: String) -> [String]? {
        guard contains(id) else { return nil }
        var path: [String] = []
        var current = id
        while current != rootID, let parent = parents[current] {
            path.append(current)
            current = parent
        }
        return path.reversed()
    }
}
