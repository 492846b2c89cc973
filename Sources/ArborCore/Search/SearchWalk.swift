import Synchronization

/// Visits the items of a source in the background (in the order `WalkAgenda` tells), within a bound, filling a
/// corpus that searches read as it grows; stops when asked and goes on from where it stopped when the bound grows.
package final class SearchWalk: Sendable {
    /// The source walked.
    package let source: any HierarchySource
    /// The texts recorded for each item.
    package let fields: SearchFields
    private let state: Mutex<WalkState>
    private let corpusBox = Mutex<SearchCorpus?>(nil)
    /// What a walk ahead of a find waits for.
    private let foreground: ForegroundWork

    /// An item whose children are still to be visited.
    struct Pending: Sendable {
        var entry: Int32
        var id: String
        /// The level of its children.
        var childDepth: Int
        /// The first child not yet visited.
        var next = 0
        /// The number of children, when the listing that found the item said.
        var count: Int?
    }

    struct WalkState: Sendable {
        var bound: SearchBound
        var agenda: WalkAgenda
        /// Items below the depth bound, visited when it grows.
        var deferred: [Pending] = []
        var visited = 0
        var isRunning = false
        var stopRequested = false
        /// Where the walk ahead of a find pauses.
        var pause: AheadLimit?
        /// The bytes of searched text recorded, with each entry's byte of length and each run's 12 of links.
        var corpusBytes = 0
        var started = false
        var builder = SearchBlockBuilder()
        var blockIndex = 0
        var failure: String?
        var publishedAt = 0.0

        init(bound: SearchBound) {
            self.bound = bound
            agenda = WalkAgenda(order: bound.items == nil ? .depthFirst : .breadthFirst)
        }
    }

    /// Creates a walk of `source` recording `fields`, within `bound`.
    package init(source: any HierarchySource, fields: SearchFields, bound: SearchBound, foreground: ForegroundWork = .shared) {
        self.source = source
        self.fields = fields
        self.foreground = foreground
        state = Mutex(WalkState(bound: bound))
    }

    /// The corpus, once the root is known.
    package var corpus: SearchCorpus? { corpusBox.withLock { $0 } }

    /// Where the walk stands.
    package var progress: SearchProgress {
        state.withLock { state in
            let left = !state.agenda.isEmpty || !state.deferred.isEmpty || !state.started
            return SearchProgress(
                visited: state.visited, bound: state.bound, isWalking: state.isRunning,
                isComplete: state.started && !left, failure: state.failure)
        }
    }

    /// Where a walk ahead of a find pauses: after this many items, or once its corpus holds this many bytes.
    package struct AheadLimit: Sendable {
        /// The most items visited.
        package var items: Int
        /// The most bytes of searched text (with the entries' lengths and the runs' links) recorded.
        package var bytes: Int

        /// A limit of items and bytes.
        package init(items: Int, bytes: Int) {
            self.items = items
            self.bytes = bytes
        }

        /// 2,000,000 items or 32 MiB of corpus (the million-node tree's 21 MB is walked whole): a find goes on
        /// with the walk, and a larger source costs its whole corpus only when searched.
        package static let standard = AheadLimit(items: 2_000_000, bytes: 32 << 20)

        func isReached(_ state: WalkState) -> Bool { state.visited >= items || state.corpusBytes >= bytes }
    }

    /// Begins the walk ahead of a find, pausing at `limit`, unless it has begun already.
    package func startAhead(pausingAt limit: AheadLimit = .standard) {
        let starts = state.withLock { state -> Bool in
            guard !state.isRunning, !state.started else { return false }
            state.isRunning = true
            state.pause = limit
            return true
        }
        if starts { Task.detached { await self.run() } }
    }

    /// Starts the walk, or goes on with it, unless it is running or has nothing left; true when it started.
    package func start() -> Bool {
        let starts = state.withLock { state -> Bool in
            state.pause = nil
            guard !state.isRunning else { return false }
            state.isRunning = true
            state.stopRequested = false
            return true
        }
        guard starts else { return false }
        Task.detached { await self.run() }
        return true
    }

    /// Asks the walk to stop after the request it is making.
    package func stop() {
        state.withLock { $0.stopRequested = true }
    }

    /// Widens the bound; the items it now allows are visited when the walk runs again.
    package func extend(to bound: SearchBound) {
        state.withLock { state in
            state.bound = bound
            let (now, later) = (state.deferred.filter { bound.allows(depth: $0.childDepth) },
                                state.deferred.filter { !bound.allows(depth: $0.childDepth) })
            state.agenda.addLast(now)
            state.deferred = later
        }
    }

    /// Walks to the end of the bound, in the caller's task (for a search without a screen).
    package func walkToEnd() async {
        let starts = state.withLock { state -> Bool in
            guard !state.isRunning else { return false }
            state.isRunning = true
            return true
        }
        if starts { await run() }
    }

    /// The ids from the top of the walk down to an entry, asked of the source level by level.
    package func ids(to entry: Int) async throws -> [String] {
        try await ids(to: [entry])[0]
    }

    /// Walks until nothing is left to visit, the bound is reached or a stop is asked; then publishes what it has.
    func run() async {
        if !state.withLock({ $0.started }) { await begin() }
        // One page, filled and emptied again for each list.
        var page = SearchPage()
        while let pending = nextPending() {
            await visit(pending, into: &page)
            await stepAsideWhileAhead()
        }
        state.withLock { state in
            if let corpus = corpusBox.withLock({ $0 }) { corpus.publish(state.builder, as: state.blockIndex) }
            state.isRunning = false
        }
    }

    /// Waits while the user waits for other work, when the walk is ahead of a find (a find asked for goes on).
    private func stepAsideWhileAhead() async {
        let waits = foreground.isRunning && state.withLock { $0.pause != nil }
        if waits { await foreground.waitUntilIdle { state.withLock { $0.stopRequested || $0.pause == nil } } }
    }

    /// Reads the root and queues it (or its children, for a hidden root).
    private func begin() async {
        do {
            guard let root = try await source.root() else {
                corpusBox.withLock { $0 = SearchCorpus(rootID: "", rootIsVirtual: true) }
                return state.withLock { $0.started = true }
            }
            let corpus = SearchCorpus(rootID: root.id, rootIsVirtual: root.isVirtual)
            corpusBox.withLock { $0 = corpus }
            if root.isVirtual {
                state.withLock { state in
                    state.agenda.beginPage()
                    state.agenda.add(Pending(entry: -1, id: root.id, childDepth: 1))
                }
            } else {
                let item = try await source.item(root.id)
                record(SearchPage(fields.entries(of: [item])), parent: -1, from: 0, childDepth: 0)
            }
        } catch {
            state.withLock { $0.failure = String(describing: error) }
        }
        state.withLock { $0.started = true }
    }

    /// The next item to visit, or nil when the walk must stop (put back where it was when the bound is reached).
    private func nextPending() -> Pending? {
        state.withLock { state in
            guard !state.stopRequested, state.bound.allows(visited: state.visited), !(state.pause?.isReached(state) ?? false) else {
                return nil
            }
            return state.agenda.next()
        }
    }

    /// Visits the children of one item, a page at a time when the source reads ranges cheaply.
    private func visit(_ pending: Pending, into page: inout SearchPage) async {
        do {
            var counted = pending.count
            if counted == nil, source.pagesChildren { counted = try await source.numberOfChildren(of: pending.id) }
            guard source.pagesChildren, let count = counted else {
                page.removeAll()
                try await source.searchPage(ofChildrenOf: pending.id, in: nil, fields: fields, into: &page)
                return record(page, parent: pending.entry, from: 0, childDepth: pending.childDepth)
            }
            var next = pending.next
            while next < count {
                page.removeAll()
                try await source.searchPage(
                    ofChildrenOf: pending.id, in: next..<min(count, next + ChildMatcher.batch), fields: fields, into: &page)
                record(page, parent: pending.entry, from: next, childDepth: pending.childDepth)
                next = page.isEmpty ? count : next + page.count
                await stepAsideWhileAhead()
                let (halts, depthFirst) = state.withLock { state in
                    (!state.bound.allows(visited: state.visited) || state.stopRequested || state.pause?.isReached(state) ?? false,
                     state.agenda.order == .depthFirst)
                }
                // Depth first, the page's own children are visited before the rest of its parent's.
                if next < count, halts || depthFirst {
                    var rest = pending
                    rest.next = next
                    return state.withLock { $0.agenda.putBack(rest) }
                }
            }
        } catch {
            state.withLock { $0.failure = String(describing: error) }
        }
    }

    /// Adds items to the corpus and puts those that may have children on the agenda.
    private func record(_ page: SearchPage, parent: Int32, from start: Int, childDepth: Int) {
        let corpus = corpusBox.withLock { $0 }
        state.withLock { state in
            state.agenda.beginPage()
            for offset in 0..<page.count {
                let entry = Int32(state.visited)
                let runs = state.builder.runStarts.count
                let length = page.withText(at: offset) { text in
                    state.builder.append(text, parent: parent, position: Int32(start + offset))
                    return text.count
                }
                state.visited += 1
                state.corpusBytes += length + 1 + (state.builder.runStarts.count - runs) * 12
                if state.builder.isFull {
                    // A full block's texts are compressed: the bound counts what they take.
                    if let stored = corpus?.publish(state.builder, as: state.blockIndex) {
                        state.corpusBytes -= state.builder.texts.bytes.count - stored
                    }
                    state.builder = SearchBlockBuilder()
                    state.blockIndex += 1
                }
                let childCount = page.childCount(at: offset)
                guard childCount != 0 else { continue }
                let pending = Pending(entry: entry, id: page.id(at: offset), childDepth: childDepth + 1, count: childCount)
                if state.bound.allows(depth: childDepth + 1) { state.agenda.add(pending) } else { state.deferred.append(pending) }
            }
            // A block being filled is published as a copy, so not more often than a frame.
            let now = MonotonicClock.seconds()
            if state.builder.count > 0, now - state.publishedAt > 0.008 {
                corpus?.publish(state.builder, as: state.blockIndex)
                state.publishedAt = now
            }
        }
    }
}

/// Where a find's walk stands.
package struct SearchProgress: Sendable, Hashable {
    /// Items visited so far.
    package var visited: Int
    /// The bound of the walk.
    package var bound: SearchBound
    /// Whether the walk is running.
    package var isWalking: Bool
    /// Whether every item has been visited.
    package var isComplete: Bool
    /// The last request that failed, if any.
    package var failure: String?

    /// Creates a progress report.
    package init(visited: Int, bound: SearchBound, isWalking: Bool, isComplete: Bool, failure: String? = nil) {
        self.visited = visited
        self.bound = bound
        self.isWalking = isWalking
        self.isComplete = isComplete
        self.failure = failure
    }
}
