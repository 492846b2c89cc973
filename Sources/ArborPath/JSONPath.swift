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

    /// The most levels of nesting Arbor follows, the one bound of `query`, `print` and `diff`: for a query,
    /// values nested in values and its steps (its segments and those of the queries in its filters) together.
    /// The walk recurses per level, so a thread that runs one needs a stack of ``stackSize`` bytes.
    public static let depthLimit = 512
    /// The stack a thread walking a query needs, with room for the values of matches made as deep as the limit.
    public static let stackSize = 256 << 20

    /// Hands each match and its path to `body` in order until it returns false or `shouldStop` says so;
    /// returns whether every match was handed on; throws when the walk reaches deeper than ``depthLimit``.
    @inlinable @discardableResult
    public func forEachMatch<Node: PathNode>(
        in root: Node,
        shouldStop: @escaping () -> Bool = { false },
        _ body: (Node, [PathKey]) -> Bool
    ) throws(JSONPathDepthError) -> Bool {
        let evaluator = PathEvaluator(root: root, regexes: RegexCache(), shouldStop: shouldStop)
        var path: PathEvaluator<Node>.Path = []
        let finished = evaluator.select(segments[...], from: root, path: &path) { node, path in body(node, evaluator.keys(path)) }
        if evaluator.tooDeep { throw JSONPathDepthError() }
        return finished && !evaluator.stopped
    }

    /// Every match with its path.
    public func matches<Node: PathNode>(in root: Node) throws(JSONPathDepthError) -> [(node: Node, path: [PathKey])] {
        var found: [(node: Node, path: [PathKey])] = []
        try forEachMatch(in: root) { node, path in
            found.append((node, path))
            return true
        }
        return found
    }
}
