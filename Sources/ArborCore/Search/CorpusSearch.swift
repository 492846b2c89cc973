import Dispatch

/// A match in a corpus, with what ranks it: a higher score, then a shallower item, then a shorter text, then
/// the order of the walk.
package struct RankedEntry: Sendable, Hashable {
    /// The entry matched.
    package var entry: Int32
    /// The matcher's score.
    package var score: Int32
    /// The number of items above it.
    package var depth: Int32
    /// The length of its searched text in bytes.
    package var length: Int32

    /// Whether this match ranks before `other`.
    func ranks(before other: RankedEntry) -> Bool {
        if score != other.score { return score > other.score }
        if depth != other.depth { return depth < other.depth }
        if length != other.length { return length < other.length }
        return entry < other.entry
    }
}

/// Matches a query against a corpus as it grows, keeping the best matches (or every match) in rank order.
package struct CorpusSearch: Sendable {
    /// The query.
    package let matcher: TextMatcher
    /// Whether the title is searched (the corpus texts start with it).
    let searchesTitle: Bool
    /// How many of the best matches are kept; nil keeps every match.
    let limit: Int?
    /// The matches kept, best first.
    package private(set) var ranked: [RankedEntry] = []
    /// How many entries matched so far.
    package private(set) var total = 0
    /// The first entry not yet matched.
    package private(set) var scanned = 0

    /// Creates a search for `matcher` over the texts of `fields`, keeping the best `limit` matches.
    package init(_ matcher: TextMatcher, fields: SearchFields, limit: Int?) {
        self.matcher = matcher
        searchesTitle = fields.contains(.title)
        self.limit = limit
    }

    /// How many entries one pass matches at most, so that a pass ends soon enough to report.
    package static let pass = 1 << 16

    /// Matches the entries of `snapshot` after those already matched, at most `maximum` of them, spread over
    /// the processors.
    package mutating func scan(_ snapshot: SearchCorpus.Snapshot, maximum: Int = pass) {
        let end = min(snapshot.count, scanned + maximum)
        guard end > scanned else { return }
        let parts = max(1, min(8, (end - scanned) / 2_048))
        let size = (end - scanned + parts - 1) / parts
        let found = UnsafeMutableBufferPointer<[(Int32, Int32)]>.allocate(capacity: parts)
        found.initialize(repeating: [])
        defer {
            _ = found.deinitialize()
            found.deallocate()
        }
        nonisolated(unsafe) let results = found
        let start = scanned
        let (matcher, searchesTitle) = (matcher, searchesTitle)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            var hits: [(Int32, Int32)] = []
            matcher.prefilter.withCheck { mayMatch in
                snapshot.forEachText(in: (start + part * size)..<min(end, start + (part + 1) * size)) { entry, bytes in
                    var searched = bytes
                    if !searchesTitle {
                        guard let separator = bytes.firstIndex(of: 0x1F) else { return }
                        searched = UnsafeBufferPointer(rebasing: bytes[(separator + 1)...])
                    }
                    guard mayMatch(searched), let score = matcher.score(searched) else { return }
                    hits.append((Int32(entry), Int32(clamping: score)))
                }
            }
            results[part] = hits
        }
        for part in 0..<parts {
            for (entry, score) in found[part] { offer(entry, score: score, in: snapshot) }
        }
        scanned = end
        if limit == nil, scanned == snapshot.count { ranked.sort { $0.ranks(before: $1) } }
    }

    private mutating func offer(_ entry: Int32, score: Int32, in snapshot: SearchCorpus.Snapshot) {
        total += 1
        guard let limit else { return ranked.append(rank(entry, score, snapshot)) }
        if ranked.count == limit, let last = ranked.last, score < last.score { return }
        let candidate = rank(entry, score, snapshot)
        if ranked.count == limit, let last = ranked.last, !candidate.ranks(before: last) { return }
        var low = 0
        var high = ranked.count
        while low < high {
            let middle = (low + high) / 2
            if ranked[middle].ranks(before: candidate) { low = middle + 1 } else { high = middle }
        }
        ranked.insert(candidate, at: low)
        if ranked.count > limit { ranked.removeLast() }
    }

    private func rank(_ entry: Int32, _ score: Int32, _ snapshot: SearchCorpus.Snapshot) -> RankedEntry {
        let length = Int32(snapshot.textLength(of: Int(entry)))
        return RankedEntry(entry: entry, score: score, depth: Int32(snapshot.depth(of: Int(entry))), length: length)
    }
}
