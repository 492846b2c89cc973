/// Walks a node by a query's segments, handing each match and its path on as soon as it is found, in the
/// order RFC 9535 gives the nodelist.
final class PathEvaluator<Node: PathNode> {
    typealias Visit = (Node, inout [PathKey]) -> Bool
    let root: Node
    private let shouldStop: () -> Bool
    private var visits = 0
    private(set) var stopped = false
    var expressions: RegexCache

    init(root: Node, regexes: RegexCache, shouldStop: @escaping () -> Bool) {
        self.root = root
        self.shouldStop = shouldStop
        expressions = regexes
    }

    /// Hands the nodes `segments` select from `node` to `body`; false when `body` or the stop condition stopped it.
    func select(_ segments: ArraySlice<PathSegment>, from node: Node, path: inout [PathKey], _ body: Visit) -> Bool {
        guard let segment = segments.first else { return body(node, &path) }
        let rest = segments.dropFirst()
        return apply(segment, to: node, path: &path) { child, childPath in
            self.select(rest, from: child, path: &childPath, body)
        }
    }

    /// Whether the walk should end: asked every few hundred nodes.
    private func tick() -> Bool {
        visits &+= 1
        if visits & 255 == 1, shouldStop() { stopped = true }
        return !stopped
    }

    private func apply(_ segment: PathSegment, to node: Node, path: inout [PathKey], _ body: Visit) -> Bool {
        guard segment.isDescendant else { return apply(segment.selectors, to: node, path: &path, body) }
        return descend(segment.selectors, from: node, path: &path, body)
    }

    private func descend(_ selectors: [PathSelector], from node: Node, path: inout [PathKey], _ body: Visit) -> Bool {
        guard tick(), apply(selectors, to: node, path: &path, body) else { return false }
        guard node.kind == .object || node.kind == .array else { return true }
        return node.forEachChild { key, child in
            path.append(key)
            defer { path.removeLast() }
            return descend(selectors, from: child, path: &path, body)
        }
    }

    private func apply(_ selectors: [PathSelector], to node: Node, path: inout [PathKey], _ body: Visit) -> Bool {
        for selector in selectors where !apply(selector, to: node, path: &path, body) { return false }
        return true
    }

    private func apply(_ selector: PathSelector, to node: Node, path: inout [PathKey], _ body: Visit) -> Bool {
        func visit(_ key: PathKey, _ child: Node) -> Bool {
            guard tick() else { return false }
            path.append(key)
            defer { path.removeLast() }
            return body(child, &path)
        }
        switch selector {
        case .name(let name):
            guard node.kind == .object, let child = node.member(named: name) else { return true }
            return visit(.name(name), child)
        case .wildcard:
            return node.forEachChild { key, child in visit(key, child) }
        case .index(let index):
            guard node.kind == .array else { return true }
            let position = index < 0 ? node.count + index : index
            guard position >= 0, position < node.count, let child = node.element(at: position) else { return true }
            return visit(.index(position), child)
        case .slice(let start, let end, let step):
            guard node.kind == .array else { return true }
            for position in SliceBounds(start: start, end: end, step: step, count: node.count).positions {
                guard let child = node.element(at: position) else { continue }
                if !visit(.index(position), child) { return false }
            }
            return true
        case .filter(let expression):
            return node.forEachChild { key, child in
                guard tick() else { return false }
                guard test(expression, current: child) else { return true }
                return visit(key, child)
            }
        }
    }
}
