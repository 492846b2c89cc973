/// A filter on a level: the query and the items that match it, in the level's order.
package struct LevelFilter: Sendable, Hashable {
    /// The matcher of the query.
    package let matcher: TextMatcher
    /// The matching items.
    package internal(set) var matches: [NodeHandle]
    /// For a list shown a page at a time: where the matches are among the children, as the source found them.
    var positions: [Int32]?
    /// Whether the source is still matching the children of a list shown a page at a time.
    package internal(set) var isMatching = false
    /// The request whose answer the filter waits for.
    var generation = 0
    /// The item focused before the filter was typed, focused again when it is dropped with nothing matching.
    var origin: NodeHandle?
}
