/// What is known of one parent's children read a page at a time: how many there are and the sort keys of the
/// rows at some positions (each page's first and last), from which the next page is found without OFFSET
/// over the rows before it.
struct KeysetAnchors<Key: Sendable>: Sendable {
    /// How many children the parent had when they were counted.
    var count: Int
    /// The keys (order value, then id) of the row at a position.
    private(set) var keys: [Int: Key] = [:]

    init(count: Int) {
        self.count = count
    }

    /// Remembers the keys of a page's first and last rows.
    mutating func record(start: Int, first: Key?, last: Key?, rows: Int) {
        guard rows > 0 else { return }
        if let first { keys[start] = first }
        if let last { keys[start + rows - 1] = last }
        if keys.count > Self.limit, let farthest = keys.keys.max(by: { abs($0 - start) < abs($1 - start) }) {
            keys[farthest] = nil
        }
    }

    /// At most this many positions are remembered per parent.
    static var limit: Int { 4_096 }

    /// How to read the rows at `range` with the fewest rows skipped.
    func plan(for range: Range<Int>) -> KeysetPlan<Key> {
        var best = KeysetPlan<Key>(after: nil, descending: false, skip: range.lowerBound)
        func consider(_ plan: KeysetPlan<Key>) { if plan.skip < best.skip { best = plan } }
        consider(KeysetPlan<Key>(after: nil, descending: true, skip: max(0, count - range.upperBound)))
        for (position, key) in keys {
            if position < range.lowerBound {
                consider(KeysetPlan(after: key, descending: false, skip: range.lowerBound - position - 1))
            } else if position >= range.upperBound {
                consider(KeysetPlan(after: key, descending: true, skip: position - range.upperBound))
            }
        }
        return best
    }
}

/// A query for a page: rows after (or, descending, before) a key, skipping a few.
struct KeysetPlan<Key: Sendable>: Sendable {
    /// The key the rows come after in the reading direction, or nil to start at an end.
    var after: Key?
    /// Whether the rows are read from the last one back (and reversed after).
    var descending: Bool
    /// Rows skipped before the page.
    var skip: Int
}
