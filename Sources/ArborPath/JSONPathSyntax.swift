/// One segment of a query: its selectors, applied to the input nodes' children or to all their descendants.
struct PathSegment: Sendable, Hashable {
    var isDescendant: Bool
    var selectors: [PathSelector]
}

/// A selector of RFC 9535 §2.3.
enum PathSelector: Sendable, Hashable {
    case name(String)
    case wildcard
    case index(Int)
    case slice(start: Int?, end: Int?, step: Int?)
    case filter(LogicalExpression)
}

/// A query inside a filter: from the root (`$`) or from the current node (`@`).
struct FilterQuery: Sendable, Hashable {
    var isRelative: Bool
    var segments: [PathSegment]

    /// A singular query names at most one node: only names and indexes, never descendants.
    var isSingular: Bool {
        segments.allSatisfy { segment in
            guard !segment.isDescendant, segment.selectors.count == 1 else { return false }
            switch segment.selectors[0] {
            case .name, .index: return true
            default: return false
            }
        }
    }
}

/// The types of RFC 9535 §2.4.1 that function parameters and results have.
enum FunctionType: Sendable, Hashable {
    case value, logical, nodes
}

/// A function's argument, as its parameter's type reads it.
indirect enum FunctionArgument: Sendable, Hashable {
    case literal(JSONPathValue)
    case query(FilterQuery)
    case logical(LogicalExpression)
    case function(FunctionCall)
}

/// A call of one of the standard functions.
struct FunctionCall: Sendable, Hashable {
    var name: String
    var arguments: [FunctionArgument]
    var resultType: FunctionType
}

/// A side of a comparison.
enum Comparable: Sendable, Hashable {
    case literal(JSONPathValue)
    case query(FilterQuery)
    case function(FunctionCall)
}

/// A comparison operator.
enum ComparisonOperator: String, Sendable, Hashable {
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
}

/// A filter's logical expression.
indirect enum LogicalExpression: Sendable, Hashable {
    case or([LogicalExpression])
    case and([LogicalExpression])
    case not(LogicalExpression)
    case comparison(Comparable, ComparisonOperator, Comparable)
    case exists(FilterQuery)
    case test(FunctionCall)
}
