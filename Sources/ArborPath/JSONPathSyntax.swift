/// One segment of a query: its selectors, applied to the input nodes' children or to all their descendants.
@usableFromInline
struct PathSegment: Sendable, Hashable {
    @usableFromInline var isDescendant: Bool
    @usableFromInline var selectors: [PathSelector]
}

extension Array where Element == PathSelector {
    /// The expression of selectors that are one filter scalars fail, whose walk under a descendant segment tests
    /// the objects and arrays among each container's children (and can do so in slices of a crowded one); nil
    /// for any other selectors.
    @inlinable
    var soleFilter: LogicalExpression? {
        guard count == 1, case .filter(let expression, scalarsFail: true) = self[0] else { return nil }
        return expression
    }
}

extension PathSegment {
    /// The name or index of a segment that selects one child by it, nil for any other.
    var singularKey: PathKey? {
        guard !isDescendant, selectors.count == 1 else { return nil }
        switch selectors[0] {
        case .name(let name): return .name(name)
        case .index(let index): return .index(index)
        default: return nil
        }
    }
}

/// A selector of RFC 9535 §2.3; a filter says whether it fails for every scalar child (then only objects and
/// arrays are tried).
@usableFromInline
enum PathSelector: Sendable, Hashable {
    case name(String)
    case wildcard
    case index(Int)
    case slice(start: Int?, end: Int?, step: Int?)
    case filter(LogicalExpression, scalarsFail: Bool)
}

/// A query inside a filter: from the root (`$`) or from the current node (`@`).
@usableFromInline
struct FilterQuery: Sendable, Hashable {
    @usableFromInline let isRelative: Bool
    @usableFromInline let segments: [PathSegment]
    /// For a singular query, the name or index of each of its steps, followed without a walk.
    @usableFromInline let steps: [PathKey]?

    init(isRelative: Bool, segments: [PathSegment]) {
        self.isRelative = isRelative
        self.segments = segments
        let keys = segments.map(\.singularKey)
        steps = keys.contains(nil) ? nil : keys.compactMap { $0 }
    }

    /// A singular query names at most one node: only names and indexes, never descendants.
    var isSingular: Bool { steps != nil }
}

/// The types of RFC 9535 §2.4.1 that function parameters and results have.
@usableFromInline
enum FunctionType: Sendable, Hashable {
    case value, logical, nodes
}

/// A function's argument, as its parameter's type reads it.
@usableFromInline
indirect enum FunctionArgument: Sendable, Hashable {
    case literal(JSONPathValue)
    case query(FilterQuery)
    case logical(LogicalExpression)
    case function(FunctionCall)
}

/// A call of one of the standard functions.
@usableFromInline
struct FunctionCall: Sendable, Hashable {
    @usableFromInline var name: String
    @usableFromInline var arguments: [FunctionArgument]
    @usableFromInline var resultType: FunctionType
}

/// A side of a comparison.
@usableFromInline
enum Comparable: Sendable, Hashable {
    case literal(JSONPathValue)
    case query(FilterQuery)
    case function(FunctionCall)
}

/// A comparison operator.
@usableFromInline
enum ComparisonOperator: String, Sendable, Hashable {
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
}

/// A filter's logical expression.
@usableFromInline
indirect enum LogicalExpression: Sendable, Hashable {
    case or([LogicalExpression])
    case and([LogicalExpression])
    case not(LogicalExpression)
    case comparison(Comparable, ComparisonOperator, Comparable)
    case exists(FilterQuery)
    case test(FunctionCall)
}
