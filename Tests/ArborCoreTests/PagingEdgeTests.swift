import ArborCore
import Synchronization
import Testing

@Suite("Pages, matches and positions that fail")
struct PagingFailureTests {
    func started(_ source: FailingPager) async -> Driver {
        let driver = await openedDriver(source)
        source.failing.withLock { $0 = true }
        return driver
    }

    @Test func aPageThatFailsSaysWhyAndKeepsItsPlaceholders() async {
        let source = FailingPager()
        var driver = await started(source)
        driver.send(.last)
        await driver.settle()
        #expect(driver.state.message == "page 9984 failed")
        #expect(driver.state.focusedItem == NodeStore.placeholder)
        driver.send(.moveFocus(by: -1))
        #expect(driver.pending.isEmpty, "a failed page is not asked for again on every key")
        driver.send(.invalidateChildren(of: ""))
        source.failing.withLock { $0 = false }
        await driver.settle()
        driver.send(.last)
        await driver.settle()
        #expect(driver.focusedID(0) == "c9999", "a reload asks again")
    }

    @Test func aRevealWhoseChildCannotBeLocatedEndsWithTheReason() async {
        var driver = await started(FailingPager())
        driver.send(.reveal(path: ["c7000"]))
        await driver.settle()
        #expect(driver.state.message == "cannot locate c7000")
        #expect(driver.focusedID(0) == "c0")
    }

    @Test func aRevealWhosePageFailsEndsThere() async {
        let source = FailingPager()
        var driver = await openedDriver(source)
        driver.send(.reveal(path: ["c7000", "x"]))
        let locate = driver.pending.removeFirst()
        driver.send(await driver.answer(locate))
        source.failing.withLock { $0 = true }
        await driver.settle()
        #expect(driver.state.message == "page 6912 failed")
        driver.send(.reveal(path: ["c1"]))
        await driver.settle()
        #expect(driver.focusedID(0) == "c1", "the failed page's reveal no longer holds later ones back")
    }

    @Test func aMatchThatFailsShowsNoMatchesAndTheReason() async {
        var driver = await started(FailingPager())
        driver.send(.filter("Child 12"))
        await driver.settle()
        #expect(driver.state.message == "page 0 failed")
        #expect(driver.state.items(in: 0).isEmpty)
        #expect(driver.state.navigation.levels[0].filter?.isMatching == false)
    }

    @Test func theProtocolComposesRangesAndPositionsFromIdsAndItems() async throws {
        let source = MutableSource(root: "", virtual: true, [("", (0..<5_000).map { "c\($0)" })], pages: true)
        #expect(try await source.children(of: "", in: 4_998..<6_000).map(\.id) == ["c4998", "c4999"])
        #expect(try await source.position(of: "c4321", in: "") == 4_321)
        #expect(try await source.position(of: "g1", in: "") == nil)
        var driver = Driver(source, columns: 3, itemsPerPage: 10)
        driver.send(.start)
        driver.send(.reveal(path: ["c4321"]))
        await driver.settle()
        #expect(driver.focusedID(0) == "c4321")
    }
}

@Suite("Sources that answer the paging request themselves")
struct AnsweringPagerTests {
    @Test func aWholeShortListIsLoadedAsIs() async {
        let driver = await openedDriver(AnsweringPager(fails: false))
        #expect(driver.titles(0) == (0..<5).map { "Child \($0)" })
        #expect(driver.state.store[driver.state.navigation.levels[0].parent].unloadedChildren == 0)
    }

    @Test func aFailedCountShowsWhy() async {
        let driver = await openedDriver(AnsweringPager(fails: true))
        #expect(driver.state.message == "cannot count ''")
        #expect(driver.state.store[driver.state.navigation.levels[0].parent].childLoad == .failed("cannot count ''"))
    }
}

@Suite("A long list shown in part while it is counted")
struct PartialPagingTests {
    @Test func thePartShowsFirstAndTheCountedListStartsAtItsTop() async {
        let performer = EffectPerformer(source: PartialPager())
        var state = BrowserState()
        _ = state.apply(.setViewport(columns: 3, itemsPerPage: 10))
        let load = state.apply(.start)
        let root = await performer.perform(load[0])
        let children = state.apply(root)
        let parts = Mutex<[BrowserAction]>([])
        let final = await performer.perform(children[0]) { action in parts.withLock { $0.append(action) } }
        for part in parts.withLock({ $0 }) { _ = state.apply(part) }
        #expect(state.items(in: 0).map { state.store[$0].id }.first == "c4009")
        _ = state.apply(final)
        #expect(state.items(in: 0).count == 5_000)
        #expect(state.focusedItem.map { state.store[$0].id } == "c0")
    }
}

/// Pages whose items leave their child counts unknown, as a directory's do.
final class UncountedPager: WidePager, @unchecked Sendable {
    init() { super.init(count: 5_000) }

    override func children(of id: String, in range: Range<Int>) async throws -> [SourceItem] {
        try await super.children(of: id, in: range).map { SourceItem(id: $0.id, content: $0.content, childCount: nil) }
    }
}

@Suite("Counts a page leaves unknown")
struct PagedCountTests {
    @Test func theFirstPageAndLaterPagesMarkTheirCountsPending() async {
        var driver = Driver(UncountedPager(), columns: 3, itemsPerPage: 10)
        driver.send(.start)
        driver.send(await driver.answer(driver.pending.removeFirst()))
        driver.send(await driver.answer(driver.pending.removeFirst()))
        #expect(driver.state.loads.countsPending.count == ChildPaging.pageSize, "the first page's counts are pending")
        #expect(driver.pending.contains { if case .countChildren = $0 { true } else { false } })
        driver.pending.removeAll()
        driver.send(.last)
        driver.send(await driver.answer(driver.pending.removeFirst()))
        #expect(driver.state.loads.countsPending.count == ChildPaging.pageSize + 5_000 % ChildPaging.pageSize)
    }
}
