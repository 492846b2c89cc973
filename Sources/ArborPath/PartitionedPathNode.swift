/// A node whose descendants are numbered in document order, so that the walk of a descendant segment can be
/// split into parts walked at once (``JSONPath/forEachMatch(in:helpers:plan:start:shouldStop:_:)``).
public protocol PartitionedPathNode: PathNode, Sendable {
    /// The number of objects and arrays below the node.
    var descendantContainerCount: Int { get }
    /// The object or array below the node at `position` of their document order, with a key naming its way
    /// from the node.
    func descendantContainer(at position: Int) -> (key: ChildKey, node: Self)
    /// The position, in the same order, of the first container after the one at `position` and all below it.
    func descendantSubtreeEnd(at position: Int) -> Int
    /// The object or array among the node's children that `cursor` stands at (0 before the first), with its
    /// key, the cursor moved past it; nil after the last.
    func nextChildContainer(_ cursor: inout Int) -> (key: ChildKey, node: Self)?
    /// Hands the objects and arrays among the node's children at `members` (positions among all its members or
    /// elements) on to `body` in order, with their keys, until it returns false; returns false when stopped.
    func forEachChildContainer(among members: Range<Int>, _ body: (ChildKey, Self) -> Bool) -> Bool
}

extension PartitionedPathNode {
    /// Counted through every child before `members`: a node that can start at a member overrides it.
    public func forEachChildContainer(among members: Range<Int>, _ body: (ChildKey, Self) -> Bool) -> Bool {
        var position = 0
        var stopped = false
        _ = forEachChild(containersOnly: false) { key, child in
            defer { position += 1 }
            guard position < members.upperBound else { return false }
            guard position >= members.lowerBound, child.kind == .object || child.kind == .array else { return true }
            stopped = !body(key, child)
            return !stopped
        }
        return !stopped
    }
}

extension PathEvaluator where Node: PartitionedPathNode {
    /// Applies the selectors to the containers below `node` at `positions` of their document order, each once,
    /// in that order: a container whose descendants all lie in `positions` is descended into with them, one
    /// whose descendants reach past them is visited alone (the part after holds the rest).
    @inlinable
    func descend(_ selectors: [PathSelector], below node: Node, at positions: Range<Int>, path: inout Path, _ body: Visit) -> Bool {
        if let expression = selectors.soleFilter { return filter(expression, below: node, at: positions, path: &path, body) }
        var position = positions.lowerBound
        while position < positions.upperBound {
            let (key, child) = node.descendantContainer(at: position)
            let after = node.descendantSubtreeEnd(at: position)
            path.append(.child(key))
            let going: Bool
            if after <= positions.upperBound {
                going = descend(selectors, from: child, path: &path, body)
                position = after
            } else {
                going = tick() && apply(selectors, to: child, path: &path, body)
                position += 1
            }
            path.removeLast()
            if !going { return false }
        }
        return true
    }
}

extension PathEvaluator where Node: PartitionedPathNode {
    /// The one selector a filter failing for scalars, applied to the containers at `positions` in their order,
    /// which is the order of the walk's parents: each one's objects and arrays tested in order, by a loop that
    /// copies no part of the query between two tests.
    @inlinable
    func filter(_ expression: LogicalExpression, below node: Node, at positions: Range<Int>, path: inout Path, _ body: Visit) -> Bool {
        if let equality = SingularEquality(expression) {
            return filter(below: node, at: positions, path: &path, body) { holds(equality, current: $0) }
        }
        return filter(below: node, at: positions, path: &path, body) { test(expression, current: $0) }
    }

    /// The filter applied to the objects and arrays among `members` of the container at `position`: a slice of
    /// a container with too many children for one part.
    @inlinable
    func filter(_ expression: LogicalExpression, below node: Node, at position: Int, members: Range<Int>, path: inout Path,
                _ body: Visit) -> Bool {
        if let equality = SingularEquality(expression) {
            return filter(below: node, at: position, members: members, path: &path, body) { holds(equality, current: $0) }
        }
        return filter(below: node, at: position, members: members, path: &path, body) { test(expression, current: $0) }
    }

    @inlinable
    func filter(below node: Node, at positions: Range<Int>, path: inout Path, _ body: Visit, passes: (Node) -> Bool) -> Bool {
        for position in positions {
            guard tick() else { return false }
            let (key, container) = node.descendantContainer(at: position)
            path.append(.child(key))
            defer { path.removeLast() }
            var cursor = 0
            while let (childKey, child) = container.nextChildContainer(&cursor) {
                guard visit(child, key: childKey, passes: passes, path: &path, body) else { return false }
            }
        }
        return true
    }

    @inlinable
    func filter(below node: Node, at position: Int, members: Range<Int>, path: inout Path, _ body: Visit,
                passes: (Node) -> Bool) -> Bool {
        guard tick() else { return false }
        let (key, container) = node.descendantContainer(at: position)
        path.append(.child(key))
        defer { path.removeLast() }
        return container.forEachChildContainer(among: members) { childKey, child in
            visit(child, key: childKey, passes: passes, path: &path, body)
        }
    }

    /// Tests one child, handing it on when the filter holds; false when the walk stops.
    @inlinable
    func visit(_ child: Node, key: Node.ChildKey, passes: (Node) -> Bool, path: inout Path, _ body: Visit) -> Bool {
        guard tick() else { return false }
        guard passes(child) else { return true }
        guard tick() else { return false }
        path.append(.child(key))
        defer { path.removeLast() }
        return body(child, &path)
    }
}

/// Starts `work` on up to `count` threads of their own and returns what waits for them to end.
public typealias HelperStarter = (_ count: Int, _ work: @escaping @Sendable () -> Void) -> () -> Void

/// How a split walk cuts the containers below the root into parts: small ones first, so that the first matches
/// come at once, doubling to `largest`; at most `ahead` parts walked beyond the one being handed on, and no more
/// taken while those walked hold `held` matches.
public struct SplitWalkPlan: Sendable, Hashable {
    /// The containers of the first part.
    public var first: Int
    /// The containers of the largest part.
    public var largest: Int
    /// How many parts may be walked ahead of the one whose matches are handed on.
    public var ahead: Int
    /// How many matches the parts walked ahead may hold before no more are taken.
    public var held: Int
    /// The fewest containers worth a split walk.
    public var smallest: Int

    /// A plan; the default one suits documents of any size.
    public init(first: Int = 256, largest: Int = 16_384, ahead: Int = 64, held: Int = 65_536, smallest: Int = 4_096) {
        self.first = max(1, first)
        self.largest = max(self.first, largest)
        self.ahead = max(1, ahead)
        self.held = max(1, held)
        self.smallest = smallest
    }

    /// The parts of `count` containers, in order.
    @usableFromInline
    func parts(of count: Int) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var size = first
        var start = 0
        while start < count {
            parts.append(start..<min(count, start + size))
            start += size
            size = min(largest, size * 2)
        }
        return parts
    }
}
