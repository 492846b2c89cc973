import ArborCore
import Synchronization
import Testing

/// Collects the reports a search makes while it runs.
final class Reports: Sendable {
    private let actions = Mutex<[BrowserAction]>([])
    func post(_ action: BrowserAction) { actions.withLock { $0.append(action) } }
    var updates: [FindUpdate] {
        actions.withLock { $0 }.compactMap { if case .find(.updated(_, let update)) = $0 { update } else { nil } }
    }
}

/// Waits (at most ten seconds: a loaded machine runs a walk's thread late) until `condition` holds.
func eventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<10_000 {
        if condition() { return true }
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
    return condition()
}

/// Whether the effects are one stop of the find's walk, cancelling its search or not.
func isOneStop(_ effects: [BrowserEffect], cancelling: Bool) -> Bool {
    guard effects.count == 1, case .stopSearch(let cancels, _) = effects[0] else { return false }
    return cancels == cancelling
}

/// A hierarchy of `parents` items with one child each, under a hidden root.
func pairs(_ parents: Int) -> StaticHierarchy {
    var nodes = [StaticHierarchy.Node(id: "", content: ItemContent(title: "root"), children: (0..<parents).map { Int32(1 + 2 * $0) })]
    for index in 0..<parents {
        nodes.append(StaticHierarchy.Node(id: "p\(index)", content: ItemContent(title: "parent \(index)"), children: [Int32(nodes.count + 1)], parent: 0))
        nodes.append(StaticHierarchy.Node(id: "k\(index)", content: ItemContent(title: "kid \(index)"), parent: Int32(nodes.count - 1)))
    }
    return StaticHierarchy(displayName: "pairs", nodes: nodes, rootIndex: 0, rootIsVirtual: true)
}

@Suite("The walk of a find: streaming, cancelling, bounds")
struct FindWalkTests {
    let outline: [(String, [String])] = [
        ("top", ["alpha", "beta", "gamma"]),
        ("alpha", ["a1", "a2"]),
        ("gamma", ["g1", "g2"]),
        ("g1", ["deep", "deeper"]),
    ]

    @Test func matchesStreamWhileTheWalkWaitsAndANewerQueryWins() async throws {
        let source = GatedSource(MutableSource(root: "top", virtual: true, outline), closed: ["gamma"])
        var driver = Driver(source)
        driver.send(.start)
        await driver.settle()
        driver.send(.find(.query("a")))
        let first = driver.pending.removeFirst()
        let reports = Reports()
        let performer = driver.performer
        let older = Task { await performer.perform(first, progress: reports.post) }
        #expect(await eventually { reports.updates.contains { !$0.hits.isEmpty } })
        let streamed = try #require(reports.updates.first)
        #expect(!streamed.isFinal && streamed.progress.isWalking)
        #expect(streamed.hits.map(\.title).contains("Alpha"))
        guard case .search(_, _, _, _, _, let generation) = first else { Issue.record("no search"); return }
        driver.send(.find(.updated(generation: generation, streamed)))
        #expect(driver.state.finding.open?.isSearching == true && driver.state.finding.open?.hits.isEmpty == false)
        driver.send(.find(.query("dee")))
        let newer = driver.pending.removeFirst()
        let newest = Task { await performer.perform(newer) }
        let stale = await older.value
        driver.send(stale)
        #expect(driver.state.finding.open?.query == "dee")
        #expect(driver.state.finding.open?.hits.map(\.title).contains("Alpha") == true, "the stale answer changed nothing")
        source.open("gamma")
        driver.send(await newest.value)
        #expect(driver.state.finding.open?.hits.map(\.title) == ["Deep", "Deeper"])
        #expect(driver.state.finding.open?.progress?.isComplete == true)
    }

    @Test func anOlderSearchStartingLateDoesNotStopANewerOne() async throws {
        let source = GatedSource(MutableSource(root: "top", virtual: true, outline), closed: ["gamma"])
        var driver = Driver(source)
        driver.send(.start)
        await driver.settle()
        driver.send(.find(.query("d")))
        let older = driver.pending.removeFirst()
        driver.send(.find(.query("de")))
        let newer = driver.pending.removeFirst()
        let performer = driver.performer
        let running = Task { await performer.perform(newer) }
        try await Task.sleep(nanoseconds: 20_000_000)
        driver.send(await performer.perform(older))
        source.open("gamma")
        driver.send(await running.value)
        #expect(driver.state.finding.open?.hits.map(\.title) == ["Deep", "Deeper"], "the newer search ran to its end")
    }

    @Test func aStopThatRunsAfterANewerSearchBeganLeavesItBe() async throws {
        let source = GatedSource(MutableSource(root: "top", virtual: true, outline), closed: ["gamma"])
        var driver = Driver(source)
        driver.send(.start)
        await driver.settle()
        driver.send(.find(.query("")))
        let opening = driver.pending.removeFirst()
        driver.send(.find(.query("dee")))
        let search = driver.pending.removeFirst()
        let performer = driver.performer
        let reports = Reports()
        let running = Task { await performer.perform(search, progress: reports.post) }
        try await Task.sleep(nanoseconds: 20_000_000)
        driver.send(await performer.perform(opening))
        source.open("gamma")
        driver.send(await running.value)
        #expect(driver.state.finding.open?.hits.map(\.title) == ["Deep", "Deeper"], "the stop of the empty query ran last and left the newer search be")
        #expect(driver.state.finding.open?.progress?.isComplete == true)
    }

    @Test func escStopsTheWalkAndLaterQueriesSearchWhatItVisited() async throws {
        let source = GatedSource(MutableSource(root: "top", virtual: true, outline), closed: ["gamma"])
        var driver = Driver(source)
        driver.send(.start)
        await driver.settle()
        driver.send(.find(.query("g")))
        let search = driver.pending.removeFirst()
        let performer = driver.performer
        let reports = Reports()
        let running = Task { await performer.perform(search, progress: reports.post) }
        #expect(await eventually { reports.updates.contains { $0.hits.map(\.title) == ["Gamma"] } }, "the walk waits at gamma")
        driver.send(.find(.stop))
        #expect(isOneStop(driver.pending, cancelling: false))
        #expect(driver.state.finding.open?.isStopped == true)
        source.open("gamma")
        await driver.settle()
        driver.send(await running.value)
        let stopped = try #require(driver.state.finding.open?.progress)
        #expect(!stopped.isWalking && !stopped.isComplete)
        #expect(driver.state.finding.open?.hits.map(\.title).contains("G1") == true, "gamma's children were read before the stop: \(driver.state.finding.open?.hits.map(\.title) ?? []) \(stopped)")
        #expect(driver.state.finding.open?.hits.map(\.title).contains("Deep") == false)
        driver.send(.find(.query("dee")))
        guard case .search(_, _, _, let walks, _, _) = driver.pending.first else { Issue.record("no search"); return }
        #expect(!walks, "a stopped walk stays stopped")
        await driver.settle()
        #expect(driver.state.finding.open?.hits.isEmpty == true)
        driver.send(.find(.stop))
        #expect(driver.pending.isEmpty, "nothing runs to stop")
        driver.send(.find(.searchFurther))
        await driver.settle()
        #expect(driver.state.finding.open?.hits.map(\.title) == ["Deep", "Deeper"])
        #expect(driver.state.finding.open?.progress?.bound == SearchBound.lazyDefault.further)
    }

    @Test func theDepthBoundKeepsDeeperItemsForSearchFurther() async {
        let source = GatedSource(MutableSource(root: "top", virtual: true, outline), closed: [],
                                 bound: SearchBound(depth: 2, items: nil))
        var driver = Driver(source)
        driver.send(.start)
        await driver.settle()
        driver.send(.find(.query("e")))
        await driver.settle()
        #expect(driver.state.finding.open?.hits.map(\.title) == ["Beta"])
        let progress = driver.state.finding.open?.progress
        #expect(progress?.isComplete == false && progress?.isWalking == false && progress?.visited == 7)
        driver.send(.find(.searchFurther))
        await driver.settle()
        #expect(driver.state.finding.open?.hits.map(\.title) == ["Beta", "Deep", "Deeper"])
        #expect(driver.state.finding.open?.progress?.isComplete == true)
        #expect(driver.state.finding.open?.progress?.bound == SearchBound(depth: 6, items: nil))
    }

    @Test func depthCountsFromTheRootsChildrenAsFindsMaxdepthDoes() async {
        let shown = GatedSource(MutableSource(root: "top", virtual: false, outline), closed: [],
                                bound: SearchBound(depth: 1, items: nil))
        var driver = Driver(shown)
        driver.send(.start)
        await driver.settle()
        driver.send(.find(.query("a")))
        await driver.settle()
        #expect(driver.state.finding.open?.hits.map(\.title).sorted() == ["Alpha", "Beta", "Gamma"])
    }

    @Test func theItemBoundStopsInsideALongListAndGoesOnFromThere() async {
        var driver = Driver(wideHierarchy(count: 20_000))
        driver.state.finding.bound = SearchBound(depth: nil, items: 5_000)
        driver.send(.start)
        await driver.settle()
        driver.send(.find(.query("^Child\\ 1999")))
        driver.send(.find(.searchFurther))
        await driver.settle()
        #expect(driver.state.finding.open?.progress?.visited == 20_003)
        #expect(driver.state.finding.open?.total == 11)
        driver.state.finding.bound = SearchBound(depth: nil, items: 5_000)
        driver.send(.reloadAll)
        await driver.settle()
        driver.send(.find(.query("^Child\\ 1999")))
        await driver.settle()
        #expect(driver.state.finding.open?.progress?.visited == 8_192, "the bound is checked after each page of 4,096")
        #expect(driver.state.finding.open?.total == 1, "only Child 1999 among the first 8,192")
        driver.send(.find(.searchFurther))
        await driver.settle()
        #expect(driver.state.finding.open?.progress?.visited == 20_003)
        #expect(driver.state.finding.open?.total == 11)
        #expect(driver.state.finding.open?.hits.first?.title == "Child 1999")
    }

    @Test func theBestThousandAreKeptInRankOrderFromALargeWalk() async {
        var driver = Driver(pairs(6_000))
        driver.send(.start)
        await driver.settle()
        driver.send(.find(.query("^kid\\ 5")))
        await driver.settle()
        let find = driver.state.finding.open
        #expect(find?.total == 1_111)
        #expect(find?.hits.count == FindState.limit)
        #expect(find?.hits.first?.title == "kid 5", "the shortest of the best scores")
        #expect(find?.hits.first?.path == ["parent 5"])
        driver.send(.find(.moveFocus(by: 3)))
        let focused = find?.hits[3].entry
        driver.send(.find(.query("^kid\\ 5")))
        await driver.settle()
        #expect(driver.state.finding.open?.hits[driver.state.finding.open!.focus].entry == focused, "the focus stays on its match")
    }

    @Test func failuresAreReportedAndTheRestIsSearched() async {
        let source = MutableSource(root: "top", virtual: true, outline)
        source.failing.withLock { _ = $0.insert("gamma") }
        var driver = Driver(source)
        driver.send(.start)
        await driver.settle()
        driver.send(.find(.query("a")))
        await driver.settle()
        #expect(driver.state.finding.open?.progress?.failure == "cannot list 'gamma'")
        #expect(driver.state.finding.open?.hits.map(\.title).contains("A1") == true)
        driver.send(.find(.hitResolved(generation: 999_999, .success(["alpha"]))))
        #expect(driver.columnParents == ["top"], "an answer for another match is ignored")
    }

    @Test func aWalkWithoutAScreenRunsToItsEndAndResolvesIds() async throws {
        let walk = SearchWalk(source: MutableSource(root: "top", virtual: false, outline), fields: .title, bound: .unlimited)
        await #expect(throws: SourceError.self) { try await walk.ids(to: 0) }
        await walk.walkToEnd()
        let snapshot = try #require(walk.corpus?.snapshot())
        var search = CorpusSearch(TextMatcher("deep"), fields: .title, limit: nil)
        while search.scanned < snapshot.count { search.scan(snapshot) }
        #expect(search.ranked.map { snapshot.title(of: Int($0.entry)) } == ["Deep", "Deeper"])
        #expect(try await walk.ids(to: Int(search.ranked[0].entry)) == ["top", "gamma", "g1", "deep"])
        let gated = GatedSource(MutableSource(root: "top", virtual: true, outline), closed: ["top"])
        let waiting = SearchWalk(source: gated, fields: .title, bound: .unlimited)
        #expect(waiting.start())
        #expect(!waiting.start(), "one run at a time")
        let second = Task { await waiting.walkToEnd() }
        gated.open("top")
        await second.value
        #expect(await eventually { !waiting.progress.isWalking })
        #expect(waiting.progress.isComplete)
    }

    @Test func aRootThatCannotBeReadIsAFailure() async {
        let walk = SearchWalk(source: BrokenRootSource(), fields: .title, bound: .unlimited)
        await walk.walkToEnd()
        #expect(walk.progress.failure == "no root here")
        #expect(walk.progress.visited == 0)
    }

    @Test func aMatchWhoseWalkWasForgottenSaysSo() async {
        var driver = Driver(MutableSource(root: "top", virtual: true, outline))
        driver.send(.start)
        await driver.settle()
        driver.send(.find(.query("deep")))
        await driver.settle()
        driver.send(.find(.openHit))
        let fresh = EffectPerformer(source: MutableSource(root: "top", virtual: true, outline))
        for effect in driver.pending { driver.send(await fresh.perform(effect)) }
        #expect(driver.state.message == "the find's items are gone")
    }

    @Test func manyParentsAreQueuedWithoutKeepingThoseVisited() async {
        var driver = Driver(pairs(5_000))
        driver.send(.start)
        await driver.settle()
        driver.send(.find(.query("^kid\\ 4999$")))
        await driver.settle()
        #expect(driver.state.finding.open?.hits.map(\.path) == [["parent 4999"]])
        driver.send(.find(.openHit))
        await driver.settle()
        #expect(driver.focusedID(1) == "k4999")
    }
}

/// A source whose root cannot be read.
struct BrokenRootSource: HierarchySource {
    let displayName = "broken"
    func root() async throws -> SourceRoot? { throw SourceError("no root here") }
    func numberOfChildren(of id: String) async throws -> Int? { 0 }
    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] { [] }
    func parentID(of id: String) async throws -> String? { nil }
    func item(_ id: String) async throws -> SourceItem { SourceItem(id: id, content: ItemContent(title: id), childCount: 0) }
}
