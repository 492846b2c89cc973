/// A find over every item of the source: the query, the best matches so far and where the walk stands.
public struct FindState: Sendable, Hashable {
    /// The query.
    public internal(set) var query: String
    /// The best matches, best first (at most ``limit``).
    public internal(set) var hits: [FindHit] = []
    /// How many items match so far.
    public internal(set) var total = 0
    /// Where the walk stands, once the search has reported.
    public internal(set) var progress: SearchProgress?
    /// Whether matching (or the walk it waits for) is still going on.
    public internal(set) var isSearching = false
    /// Whether the search of the current query has reported (until then the matches listed are the last query's).
    public internal(set) var hasReported = false
    /// The focused match.
    public internal(set) var focus = 0
    /// Whether the user stopped the walk: later queries search what it visited.
    public internal(set) var isStopped = false
    /// The bound the walk was asked to keep, once widened by the user.
    var bound: SearchBound?
    var generation = 0

    /// How many of the best matches are listed.
    public static let limit = 1_000
}

/// One match of a find: the item's title with the bytes matched, and the titles above it.
public struct FindHit: Sendable, Hashable {
    /// The entry of the item in the find's corpus.
    public var entry: Int
    /// The item's title.
    public var title: String
    /// The titles of the items above it, from the top.
    public var path: [String]
    /// The UTF-8 offsets of the title's bytes that matched.
    public var positions: [Int]
    /// The matcher's score.
    public var score: Int

    /// Creates a match.
    public init(entry: Int, title: String, path: [String], positions: [Int], score: Int) {
        self.entry = entry
        self.title = title
        self.path = path
        self.positions = positions
        self.score = score
    }
}

/// A report of a running find.
public struct FindUpdate: Sendable, Hashable {
    /// The best matches so far, best first.
    public var hits: [FindHit]
    /// How many items match so far.
    public var total: Int
    /// Where the walk stands.
    public var progress: SearchProgress
    /// Whether this is the last report of the search.
    public var isFinal: Bool

    /// Creates a report.
    public init(hits: [FindHit], total: Int, progress: SearchProgress, isFinal: Bool) {
        self.hits = hits
        self.total = total
        self.progress = progress
        self.isFinal = isFinal
    }
}
