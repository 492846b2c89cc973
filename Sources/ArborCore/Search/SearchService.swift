import Synchronization

/// Runs the finds of one source: keeps the walk (and what it visited) from one query to the next, matches
/// each query as the walk goes, reports, and gives up a query as soon as a newer one comes.
final class SearchService: Sendable {
    let source: any HierarchySource
    private let walkBox = Mutex<(walk: SearchWalk, epoch: Int)?>(nil)
    private let latest = LatestGeneration()
    /// Searches up to this generation were cancelled (the find closed or a match opened).
    private let cancelled = LatestGeneration()

    init(source: any HierarchySource) {
        self.source = source
    }

    /// How often a search reports after its first report, in seconds.
    static let reportInterval = 0.05

    /// The walk recording `fields` since reload `epoch`, made when there is none, or it records other fields
    /// or walked before a reload.
    func walk(fields: SearchFields, bound: SearchBound, epoch: Int) -> SearchWalk {
        walkBox.withLock { box in
            if let box, box.walk.fields == fields, box.epoch == epoch { return box.walk }
            box?.walk.stop()
            let walk = SearchWalk(source: source, fields: fields, bound: bound)
            box = (walk, epoch)
            return walk
        }
    }

    /// Begins the walk of an unbounded source for finds to come, pausing at ``SearchWalk/AheadLimit/standard``;
    /// nothing when it has begun already.
    func walkAhead(fields: SearchFields, epoch: Int) {
        walk(fields: fields, bound: .unlimited, epoch: epoch).startAhead()
    }

    /// Matches `query` against every item, reporting through `report` as matches come; the last report is
    /// returned (stale when a newer search began meanwhile).
    func search(
        _ query: String, fields: SearchFields, bound: SearchBound?, walks: Bool, epoch: Int, generation: Int,
        report: @Sendable (FindUpdate) -> Void
    ) async -> FindUpdate {
        latest.raise(to: generation)
        let walk = walk(fields: fields, bound: bound ?? source.searchBound, epoch: epoch)
        if let bound, walk.progress.bound != bound { walk.extend(to: bound) }
        if walks { _ = walk.start() }
        var search = CorpusSearch(TextMatcher(query), fields: fields, limit: FindState.limit)
        var reportedAt: Double?
        while latest.value == generation, cancelled.value < generation {
            let progress = walk.progress
            let snapshot = walk.corpus?.snapshot()
            if let snapshot, search.scanned < snapshot.count {
                search.scan(snapshot)
                let now = MonotonicClock.seconds()
                if reportedAt.map({ now - $0 > Self.reportInterval }) ?? !search.ranked.isEmpty {
                    report(update(search, snapshot, progress, isFinal: false))
                    reportedAt = now
                }
            } else if !progress.isWalking {
                return update(search, snapshot, progress, isFinal: true)
            } else {
                try? await Task.sleep(nanoseconds: 3_000_000)
            }
        }
        return update(search, nil, walk.progress, isFinal: true)
    }

    /// The matches kept by a search, as the browser lists them.
    private func update(_ search: CorpusSearch, _ snapshot: SearchCorpus.Snapshot?, _ progress: SearchProgress, isFinal: Bool)
        -> FindUpdate
    {
        let hits = snapshot.map { snapshot in
            let chains = search.ranked.map { snapshot.chain(to: Int($0.entry)) }
            // Read together: a full block's texts are compressed a chunk at a time.
            let titles = snapshot.titles(of: chains.joined())
            return zip(search.ranked, chains).map { ranked, chain in
                let title = titles[chain[chain.count - 1]]!
                return FindHit(
                    entry: Int(ranked.entry), title: title, path: chain.dropLast().map { titles[$0]! },
                    positions: search.matcher.match(title)?.positions ?? [], score: Int(ranked.score))
            }
        }
        return FindUpdate(hits: hits ?? [], total: search.total, progress: progress, isFinal: isFinal)
    }

    /// Stops the walk, unless a search newer than `generation` has begun; with `cancelling`, the searches up to
    /// `generation` too.
    func stop(cancelling: Bool, upTo generation: Int) -> SearchProgress? {
        if cancelling { cancelled.raise(to: generation) }
        let walk = walkBox.withLock { $0?.walk }
        if latest.value <= generation { walk?.stop() }
        return walk?.progress
    }

    /// The ids from the top of the walk down to an entry.
    func ids(to entry: Int) async throws -> [String] {
        guard let walk = walkBox.withLock({ $0?.walk }) else { throw SourceError("the find's items are gone") }
        return try await walk.ids(to: entry)
    }
}
