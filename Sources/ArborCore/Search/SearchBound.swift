/// How far a find walks a source that is read lazily: the deepest level and the number of items visited.
public struct SearchBound: Sendable, Hashable {
    /// The deepest level visited (1: the root's children, as `find -maxdepth`), or nil for no limit.
    public var depth: Int?
    /// The most items visited, or nil for no limit.
    public var items: Int?

    /// Creates a bound.
    public init(depth: Int?, items: Int?) {
        self.depth = depth
        self.items = items
    }

    /// No limit: every item of a source held in memory is searched.
    public static let unlimited = SearchBound(depth: nil, items: nil)

    /// The bound of a walk over a lazy source (a file system, a database, commands) unless the user gives one.
    public static let lazyDefault = SearchBound(depth: 12, items: 500_000)

    /// A bound four levels deeper and ten times as many items (what "search further" asks for).
    public var further: SearchBound {
        SearchBound(depth: depth.map { $0 + 4 }, items: items.map { $0 * 10 })
    }

    /// Whether an item at `depth` may be visited.
    func allows(depth level: Int) -> Bool { depth.map { level <= $0 } ?? true }

    /// Whether more items may be visited after `visited`.
    func allows(visited: Int) -> Bool { items.map { visited < $0 } ?? true }
}
