/// A find over every item of the source: the query, the best matches so far and where the walk stands.
package struct FindState: Sendable, Hashable {
    /// The query.
    package internal(set) var query: String
    /// The best matches, best first (at most ``limit``).
    package internal(set) var hits: [FindHit] = []
    /// How many items match so far.
    package internal(set) var total = 0
    /// Where the walk stands, once the search has reported.
    package internal(set) var progress: SearchProgress?
    /// Whether matching (or the walk it waits for) is still going on.
    package internal(set) var isSearching = false
    /// Whether the search of the current query has reported (until then the matches listed are the last query's).
    package internal(set) var hasReported = false
    /// The focused match.
    package internal(set) var focus = 0
    /// Whether the user stopped the walk: later queries search what it visited.
    package internal(set) var isStopped = false
    /// The bound the walk was asked to keep, once widened by the user.
    var bound: SearchBound?
    var generation = 0

    /// How many of the best matches are listed.
    package static let limit = 1_000

    /// The focused match, if any.
    var focusedHit: FindHit? { hits.indices.contains(focus) ? hits[focus] : nil }

    /// Moves the focus among the matches, stopping at the first and the last.
    mutating func moveFocus(by delta: Int) {
        guard !hits.isEmpty else { return }
        focus = max(0, min(hits.count - 1, focus + delta))
    }

    /// Lists nothing (an empty query).
    mutating func clearHits() {
        hits = []
        total = 0
        isSearching = false
    }

    /// Widens the bound of the walk (deeper, more items) past the last one used, `fallback` first, and lets
    /// the walk go on.
    mutating func widenBound(from fallback: SearchBound?) {
        bound = (progress?.bound ?? bound ?? fallback ?? .lazyDefault).further
        isStopped = false
    }

    /// Takes the matches a search reports, keeping the focus on its match when it is still listed.
    mutating func take(_ update: FindUpdate) {
        let focused = focusedHit?.entry
        hits = update.hits
        total = update.total
        progress = update.progress
        isSearching = !update.isFinal
        hasReported = true
        focus = focused.flatMap { entry in update.hits.firstIndex { $0.entry == entry } } ?? 0
    }
}

/// One match of a find: the item's title with the bytes matched, and the titles above it.
package struct FindHit: Sendable, Hashable {
    /// The entry of the item in the find's corpus.
    package var entry: Int
    /// The item's title.
    package var title: String
    /// The titles of the items above it, from the top.
    package var path: [String]
    /// The UTF-8 offsets of the title's bytes that matched.
    package var positions: [Int]
    /// The matcher's score.
    package var score: Int

    /// Creates a match.
    package init(entry: Int, title: String, path: [String], positions: [Int], score: Int) {
        self.entry = entry
        self.title = title
        self.path = path
        self.positions = positions
        self.score = score
    }
}

/// A report of a running find.
package struct FindUpdate: Sendable, Hashable {
    /// The best matches so far, best first.
    package var hits: [FindHit]
    /// How many items match so far.
    package var total: Int
    /// Where the walk stands.
    package var progress: SearchProgress
    /// Whether this is the last report of the search.
    package var isFinal: Bool

    /// Creates a report.
    package init(hits: [FindHit], total: Int, progress: SearchProgress, isFinal: Bool) {
        self.hits = hits
        self.total = total
        self.progress = progress
        self.isFinal = isFinal
    }
}
