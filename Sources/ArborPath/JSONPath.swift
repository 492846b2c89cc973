/// A JSONPath query (RFC 9535), parsed and checked: selectors, descendant segments, filters and the standard
/// functions. Matches are handed on as they are found, in the order the RFC gives them.
public struct JSONPath: Sendable, Hashable {
    /// The query as written.
    public let expression: String
    @usableFromInline let segments: [PathSegment]

    /// Parses `expression`; throws what is wrong and its column.
    public init(_ expression: String) throws(JSONPathError) {
        var parser = JSONPathParser(expression)
        segments = try parser.query()
        self.expression = expression
    }

    /// Hands each match and its path to `body` in order until it returns false or `shouldStop` says so;
    /// returns whether every match was handed on.
    @inlinable @discardableResult
    public func forEachMatch<Node: PathNode>(
        in root: Node,
        shouldStop: @escaping () -> Bool = { false },
        _ body: (Node, [PathKey]) -> Bool
    ) -> Bool {
        let evaluator = PathEvaluator(root: root, regexes: RegexCache(), shouldStop: shouldStop)
        var path: PathEvaluator<Node>.Path = []
        let finished = evaluator.select(segments[...], from: root, path: &path) { node, path in body(node, evaluator.keys(path)) }
        return finished && !evaluator.stopped
    }

    /// Every match with its path.
    public func matches<Node: PathNode>(in root: Node) -> [(node: Node, path: [PathKey])] {
        var found: [(node: Node, path: [PathKey])] = []
        forEachMatch(in: root) { node, path in
            found.append((node, path))
            return true
        }
        return found
    }
}
