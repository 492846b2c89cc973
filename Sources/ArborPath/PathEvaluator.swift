/// Walks a node by a query's segments, handing each match and its path on as soon as it is found, in the
/// order RFC 9535 gives the nodelist. Inlinable, so that the walk is specialised for the node type of the module
/// that runs it instead of reaching every node through its protocol.
@usableFromInline
final class PathEvaluator<Node: PathNode> {
    @usableFromInline typealias Path = [PathStep<Node.ChildKey>]
    @usableFromInline typealias Visit = (Node, inout Path) -> Bool
    @usableFromInline let root: Node
    @usableFromInline let shouldStop: () -> Bool
    @usableFromInline @exclusivity(unchecked) var visits = 0
    @usableFromInline @exclusivity(unchecked) var stopped = false
    /// The levels the walk is down: segments being applied and values descended into.
    @usableFromInline @exclusivity(unchecked) var depth = 0
    /// Whether the walk stopped at ``JSONPath/depthLimit``.
    @usableFromInline @exclusivity(unchecked) var tooDeep = false
    @usableFromInline @exclusivity(unchecked) var expressions: RegexCache
    /// A path's storage kept between the walks of a filter's queries, which need no path of their own.
    @usableFromInline @exclusivity(unchecked) var scratchPath: Path = []

    @inlinable
    init(root: Node, regexes: RegexCache, shouldStop: @escaping () -> Bool) {
        self.root = root
        self.shouldStop = shouldStop
        expressions = regexes
    }

    /// The keys of a path, as a normalized path names them.
    @inlinable
    func keys(_ path: Path) -> [PathKey] {
        var keys: [PathKey] = []
        keys.reserveCapacity(path.count)
        for step in path {
            switch step {
            case .key(let key): keys.append(key)
            case .child(let key): root.appendPathKeys(key, to: &keys)
            }
        }
        return keys
    }

    /// Hands the nodes `segments` select from `node` to `body`; false when `body` or the stop condition stopped it.
    @inlinable
    func select(_ segments: ArraySlice<PathSegment>, from node: Node, path: inout Path, _ body: Visit) -> Bool {
        guard let segment = segments.first else { return body(node, &path) }
        guard deeper() else { return false }
        defer { depth -= 1 }
        let rest = segments.dropFirst()
        return apply(segment, to: node, path: &path) { child, childPath in
            self.select(rest, from: child, path: &childPath, body)
        }
    }

    /// Goes one level down; false (the walk stopped) past the limit.
    @inlinable
    func deeper() -> Bool {
        depth += 1
        guard depth > JSONPath.depthLimit else { return true }
        tooDeep = true
        stopped = true
        depth -= 1
        return false
    }

    /// Whether the walk should end: asked every few hundred nodes.
    @inlinable
    func tick() -> Bool {
        visits &+= 1
        if visits & 255 == 1, shouldStop() { stopped = true }
        return !stopped
    }

    @inlinable
    func apply(_ segment: PathSegment, to node: Node, path: inout Path, _ body: Visit) -> Bool {
        guard segment.isDescendant else { return apply(segment.selectors, to: node, path: &path, body) }
        return descend(segment.selectors, from: node, path: &path, body)
    }

    /// Applies the selectors to `node` and to each of its descendants, parents first. A scalar has no children
    /// for any selector to select, so the walk goes down through objects and arrays only.
    @inlinable
    func descend(_ selectors: [PathSelector], from node: Node, path: inout Path, _ body: Visit) -> Bool {
        guard tick(), apply(selectors, to: node, path: &path, body), deeper() else { return false }
        defer { depth -= 1 }
        return node.forEachChild(containersOnly: true) { key, child in
            path.append(.child(key))
            defer { path.removeLast() }
            return descend(selectors, from: child, path: &path, body)
        }
    }

    @inlinable
    func apply(_ selectors: [PathSelector], to node: Node, path: inout Path, _ body: Visit) -> Bool {
        let kind = node.kind
        guard kind == .object || kind == .array else { return true }
        for selector in selectors where !apply(selector, to: node, path: &path, body) { return false }
        return true
    }

    @inlinable
    func apply(_ selector: PathSelector, to node: Node, path: inout Path, _ body: Visit) -> Bool {
        func visit(_ step: PathStep<Node.ChildKey>, _ child: Node) -> Bool {
            guard tick() else { return false }
            path.append(step)
            defer { path.removeLast() }
            return body(child, &path)
        }
        switch selector {
        case .name(let name):
            guard let (key, child) = child(.name(name), of: node) else { return true }
            return visit(.key(key), child)
        case .wildcard:
            return node.forEachChild(containersOnly: false) { key, child in visit(.child(key), child) }
        case .index(let index):
            guard let (key, child) = child(.index(index), of: node) else { return true }
            return visit(.key(key), child)
        case .slice(let start, let end, let step):
            guard node.kind == .array else { return true }
            for position in SliceBounds(start: start, end: end, step: step, count: node.count).positions {
                guard let child = node.element(at: position) else { continue }
                if !visit(.key(.index(position)), child) { return false }
            }
            return true
        case .filter(let expression, let scalarsFail):
            return node.forEachChild(containersOnly: scalarsFail) { key, child in
                guard tick() else { return false }
                guard test(expression, current: child) else { return true }
                return visit(.child(key), child)
            }
        }
    }
}

extension PathEvaluator {
    /// The child a name or an index selects from `node` (a negative index counting from the end), with its key
    /// as a path names it; nil when there is none.
    @inlinable
    func child(_ key: PathKey, of node: Node) -> (PathKey, Node)? {
        switch key {
        case .name(let name):
            guard node.kind == .object, let child = node.member(named: name) else { return nil }
            return (key, child)
        case .index(let index):
            guard node.kind == .array else { return nil }
            let position = index < 0 ? node.count + index : index
            guard position >= 0, position < node.count, let child = node.element(at: position) else { return nil }
            return (.index(position), child)
        }
    }
}

/// One step of a path during a walk: a key the query named, or a child's key as its node handed it on.
@usableFromInline
enum PathStep<ChildKey> {
    case key(PathKey)
    case child(ChildKey)
}
