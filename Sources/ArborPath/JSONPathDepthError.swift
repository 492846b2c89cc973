/// A walk that went deeper than ``JSONPath/depthLimit``: values nested, or steps of a query, past what a walk
/// follows. The walk stops there instead of running out of stack.
public struct JSONPathDepthError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The levels a walk follows.
    public let limit: Int

    /// Creates the error for `limit`.
    public init(limit: Int = JSONPath.depthLimit) {
        self.limit = limit
    }

    /// The text for messages.
    public var description: String { "values nested more than \(limit) deep: a query goes no deeper" }
}
