import ArborCore
import Synchronization
import Testing

/// The wide hierarchy, walked within `bound`, counting the walks that began (each reads the root first).
final class CountedWalks: WidePager, @unchecked Sendable {
    let roots = Mutex(0)
    let bound: SearchBound

    init(count: Int, bound: SearchBound) {
        self.bound = bound
        super.init(count: count)
    }

    override func root() async throws -> SourceRoot? {
        roots.withLock { $0 += 1 }
        return try await super.root()
    }

    override var searchBound: SearchBound { bound }
}

@Suite("A source held in memory is walked ahead of the first find")
struct FindAheadTests {
    @Test func aWalkAheadPausesAtItsLimitAndAFindGoesOnFromThere() async {
        let whole = SearchWalk(source: wideHierarchy(count: 10_000), fields: .title, bound: .unlimited)
        await whole.walkToEnd()
        let walk = SearchWalk(source: wideHierarchy(count: 10_000), fields: .title, bound: .unlimited)
        walk.startAhead(pausingAt: SearchWalk.AheadLimit(items: 1_000, bytes: .max))
        #expect(await eventually { walk.progress.visited >= 1_000 && !walk.progress.isWalking })
        #expect(walk.progress.visited < whole.progress.visited)
        #expect(!walk.progress.isComplete)
        walk.startAhead(pausingAt: SearchWalk.AheadLimit(items: 5_000, bytes: .max))
        #expect(!walk.progress.isWalking, "a walk ahead begins once")
        #expect(walk.start())
        #expect(await eventually { walk.progress.isComplete && !walk.progress.isWalking })
        #expect(walk.progress.visited == whole.progress.visited)
    }

    @Test func aWalkAheadPausesOnceItsCorpusHoldsItsBytes() async {
        let walk = SearchWalk(source: wideHierarchy(count: 10_000), fields: .title, bound: .unlimited)
        walk.startAhead(pausingAt: SearchWalk.AheadLimit(items: .max, bytes: 20_000))
        #expect(await eventually { walk.progress.visited > 0 && !walk.progress.isWalking })
        let visited = walk.progress.visited
        // "Child N" titles of 7-11 bytes and a byte of length (the root's children are one run): 20,000 bytes
        // are about 2,000 entries, and the walk stops at the end of the batch that crossed them.
        #expect(visited >= 20_000 / 15 && visited < 10_000)
        #expect(!walk.progress.isComplete)
    }

    @Test func aWalkAheadWaitsWhileAQueryRunsAndAFindAskedForDoesNot() async {
        let foreground = ForegroundWork()
        foreground.begin()
        let walk = SearchWalk(source: wideHierarchy(count: 10_000), fields: .title, bound: .unlimited, foreground: foreground)
        walk.startAhead()
        #expect(await eventually { walk.progress.visited > 0 })
        try? await Task.sleep(nanoseconds: 100_000_000)
        let waiting = walk.progress.visited
        #expect(walk.progress.isWalking && !walk.progress.isComplete)
        try? await Task.sleep(nanoseconds: 100_000_000)
        #expect(walk.progress.visited == waiting, "the walk ahead went on while the query ran")
        foreground.end()
        #expect(await eventually { walk.progress.isComplete && !walk.progress.isWalking })

        let asked = SearchWalk(source: wideHierarchy(count: 10_000), fields: .title, bound: .unlimited, foreground: foreground)
        foreground.during {
            asked.startAhead()
            _ = asked.start()
        }
        foreground.begin()
        #expect(await eventually { asked.progress.isComplete && !asked.progress.isWalking }, "a find waited for a query")
        foreground.end()
    }

    @Test func theStateAsksForTheWalkAheadOnlyWithoutAFindOpen() async {
        var driver = await openedDriver(wideHierarchy(count: 10))
        let effects = driver.state.apply(.find(.walkAhead))
        guard effects.count == 1, case .walkAhead(let fields, let bound, _) = effects[0] else {
            Issue.record("no walk ahead: \(effects)")
            return
        }
        #expect(fields == .title && bound == nil)
        driver.send(.find(.query("child")))
        #expect(driver.state.apply(.find(.walkAhead)).isEmpty)
    }

    @Test func theFirstFindUsesTheWalkAheadAndALazySourceIsNotWalked() async {
        let held = CountedWalks(count: 5_000, bound: .unlimited)
        let performer = EffectPerformer(source: held)
        _ = await performer.perform(.walkAhead(fields: .title, bound: nil, epoch: 0))
        #expect(await eventually { held.roots.withLock { $0 } == 1 })
        let action = await performer.perform(.search(query: "Child 4999", fields: .title, bound: nil, walks: true, epoch: 0, generation: 1))
        guard case .find(.updated(_, let update)) = action else {
            Issue.record("no update: \(action)")
            return
        }
        #expect(update.hits.first?.title == "Child 4999")
        #expect(held.roots.withLock { $0 } == 1, "the find searched the walk ahead, not a walk of its own")

        let lazy = CountedWalks(count: 5_000, bound: .lazyDefault)
        _ = await EffectPerformer(source: lazy).perform(.walkAhead(fields: .title, bound: nil, epoch: 0))
        try? await Task.sleep(nanoseconds: 100_000_000)
        #expect(lazy.roots.withLock { $0 } == 0)
        let bounded = CountedWalks(count: 5_000, bound: .unlimited)
        _ = await EffectPerformer(source: bounded).perform(.walkAhead(fields: .title, bound: SearchBound(depth: 2, items: nil), epoch: 0))
        try? await Task.sleep(nanoseconds: 100_000_000)
        #expect(bounded.roots.withLock { $0 } == 0, "a bound the user gave is a walk the user asks for")
    }
}
