import ArborCore
import Testing

/// A virtual root with `count` leaves `c0`, `c1`... and, under `c0`, a few children of its own.
func wideHierarchy(count: Int) -> StaticHierarchy {
    var nodes = [StaticHierarchy.Node(id: "", content: ItemContent(title: "root"), children: (1...count).map { Int32($0) })]
    for index in 0..<count {
        nodes.append(StaticHierarchy.Node(id: "c\(index)", content: ItemContent(title: "Child \(index)"), parent: 0))
    }
    let grandchildren = (0..<3).map { Int32(count + 1 + $0) }
    nodes[1].children = grandchildren
    for index in 0..<3 {
        nodes.append(StaticHierarchy.Node(id: "g\(index)", content: ItemContent(title: "Grandchild \(index)"), parent: 1))
    }
    return StaticHierarchy(displayName: "wide", nodes: nodes, rootIndex: 0, rootIsVirtual: true)
}

/// A source that pages like a big one and records the ranges it was asked for.
final class RecordingPager: HierarchySource {
    let inner: StaticHierarchy
    let asked = Mutex<[Range<Int>]>([])
    var displayName: String { inner.displayName }

    init(_ inner: StaticHierarchy) { self.inner = inner }

    func root() async throws -> SourceRoot? { try await inner.root() }
    func numberOfChildren(of id: String) async throws -> Int? { try await inner.numberOfChildren(of: id) }
    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] { try await inner.childIDs(of: id, in: range) }
    func parentID(of id: String) async throws -> String? { try await inner.parentID(of: id) }
    func item(_ id: String) async throws -> SourceItem { try await inner.item(id) }
    var pagesChildren: Bool { true }

    func children(of id: String, in range: Range<Int>) async throws -> [SourceItem] {
        asked.withLock { $0.append(range) }
        return try await inner.children(of: id, in: range)
    }
}

import Synchronization

@Suite("Wide nodes are shown a page at a time")
struct PagingTests {
    @Test func aWideColumnKnowsItsCountButHoldsOnlyWhatWasShown() async {
        var driver = Driver(wideHierarchy(count: 100_000), columns: 3, itemsPerPage: 10)
        driver.send(.start)
        await driver.settle()
        #expect(driver.state.items(in: 0).count == 100_000)
        #expect(driver.focusedID(0) == "c0")
        #expect(driver.state.store.count < 2 * ChildPaging.pageSize)
        #expect(driver.state.store[driver.state.columns[0].parent].unloadedChildren == 100_000 - ChildPaging.pageSize)
    }

    @Test func endAndPageDownFocusRealItemsOnceTheirPageArrives() async {
        var driver = Driver(wideHierarchy(count: 100_000), columns: 3, itemsPerPage: 10)
        driver.send(.start)
        await driver.settle()
        driver.send(.last)
        #expect(driver.state.columns[0].focus == 99_999)
        #expect(driver.state.focusedItem == NodeStore.placeholder)
        #expect(driver.pending.count == 1)
        await driver.settle()
        #expect(driver.focusedID(0) == "c99999")
        #expect(driver.titles(0)[99_990..<100_000].allSatisfy { $0.hasPrefix("Child 999") })
        driver.send(.first)
        driver.send(.pageDown)
        await driver.settle()
        #expect(driver.focusedID(0) == "c10")
        #expect(driver.state.store.count < 3 * ChildPaging.pageSize)
    }

    @Test func onlyThePagesOfShownRowsAreAskedForAndEachOnce() async {
        let source = RecordingPager(wideHierarchy(count: 10_000))
        var driver = Driver(source, columns: 3, itemsPerPage: 10)
        driver.send(.start)
        await driver.settle()
        driver.send(.focus(column: 0, index: 5_000))
        driver.send(.moveFocus(by: 1))
        driver.send(.moveFocus(by: 1))
        await driver.settle()
        #expect(source.asked.withLock { $0 } == [0..<256, 4864..<5120])
        #expect(driver.focusedID(0) == "c5002")
    }

    @Test func aPlaceholderIsNeitherExpandedNorMarked() async {
        var driver = Driver(wideHierarchy(count: 10_000), columns: 3, itemsPerPage: 10)
        driver.state = BrowserState(selectionMode: .multiple)
        _ = driver.state.apply(.setViewport(columns: 3, itemsPerPage: 10))
        driver.send(.start)
        await driver.settle()
        driver.send(.last)
        let page = driver.pending
        driver.pending = []
        driver.send(.expand)
        driver.send(.toggleMark)
        #expect(driver.state.columns.count == 1)
        #expect(driver.state.selection.ids.isEmpty)
        for effect in page { driver.send(await driver.answer(effect)) }
        #expect(driver.focusedID(0) == "c9999")
    }

    @Test func entersAnItemOfAWideColumnAndComesBack() async {
        var driver = Driver(wideHierarchy(count: 10_000), columns: 3, itemsPerPage: 10)
        driver.send(.start)
        await driver.settle()
        driver.send(.expand)
        await driver.settle()
        #expect(driver.titles(1) == ["Grandchild 0", "Grandchild 1", "Grandchild 2"])
        driver.send(.previousLevel)
        driver.send(.last)
        await driver.settle()
        #expect(driver.state.columns.count == 1)
        #expect(driver.focusedID(0) == "c9999")
    }

    @Test func aPageAskedForBeforeAReloadIsNotPutIntoTheNewList() async {
        var driver = Driver(wideHierarchy(count: 10_000), columns: 3, itemsPerPage: 10)
        driver.send(.start)
        await driver.settle()
        driver.send(.last)
        await driver.settle()
        driver.send(.focus(column: 0, index: 5_000))
        let stale = await driver.answer(driver.pending.removeFirst())
        driver.send(.last)
        driver.send(.reloadAll)
        await driver.settle()
        driver.send(stale)
        let column = driver.state.columns[0]
        #expect(driver.state.store[column.parent].unloadedChildren == 10_000 - ChildPaging.pageSize - 10_000 % ChildPaging.pageSize)
        #expect(driver.focusedID(0) == "c9999")
        #expect(driver.titles(0)[5_000] == "…")
    }

    @Test func revealingAnItemOfAWideColumnLoadsOnlyItsPage() async {
        var driver = Driver(wideHierarchy(count: 10_000), columns: 3, itemsPerPage: 10)
        driver.send(.start)
        driver.send(.reveal(path: ["c7000"]))
        await driver.settle()
        #expect(driver.focusedID(0) == "c7000")
        #expect(driver.state.store.count < 3 * ChildPaging.pageSize)
        driver.send(.reveal(path: ["c0", "g2"]))
        await driver.settle()
        #expect(driver.focusedID(1) == "g2")
    }

    @Test func revealingAnIdThatIsNotThereEndsAtTheWideColumn() async {
        var driver = Driver(wideHierarchy(count: 10_000), columns: 3, itemsPerPage: 10)
        driver.send(.start)
        driver.send(.reveal(path: ["nowhere", "g1"]))
        await driver.settle()
        #expect(driver.focusedID(0) == "c0")
        driver.send(.reveal(path: ["c9998"]))
        await driver.settle()
        #expect(driver.focusedID(0) == "c9998")
    }

    @Test func aShortListIsStillLoadedWhole() async {
        let source = RecordingPager(wideHierarchy(count: ChildPaging.threshold))
        var driver = Driver(source, columns: 3, itemsPerPage: 10)
        driver.send(.start)
        await driver.settle()
        #expect(source.asked.withLock { $0 }.isEmpty)
        #expect(driver.state.store[driver.state.columns[0].parent].unloadedChildren == 0)
        #expect(driver.titles(0).last == "Child 2047")
    }

    @Test func removingChildrenOfAPagedListKeepsItsPlaceholdersCounted() async {
        var driver = Driver(wideHierarchy(count: 10_000), columns: 3, itemsPerPage: 10)
        driver.send(.start)
        await driver.settle()
        driver.send(.removeChildren(of: "", at: [0, 9_000]))
        #expect(driver.state.items(in: 0).count == 9_998)
        #expect(driver.state.store[driver.state.columns[0].parent].unloadedChildren == 10_000 - ChildPaging.pageSize - 1)
        #expect(driver.focusedID(0) == "c1")
    }
}

@Suite("Filtering a column shown a page at a time")
struct PagedFilterTests {
    @Test func theSourceMatchesEveryChildAndOnlyShownMatchesAreLoaded() async {
        var driver = Driver(wideHierarchy(count: 100_000), columns: 3, itemsPerPage: 10)
        driver.send(.start)
        await driver.settle()
        driver.send(.filter("Child 9999"))
        #expect(driver.state.columns[0].filter?.isMatching == true)
        await driver.settle()
        #expect(driver.state.items(in: 0).count == 11)
        #expect(driver.titles(0) == ["Child 9999"] + (0...9).map { "Child 9999\($0)" })
        #expect(driver.state.store.count < 4 * ChildPaging.pageSize)
        driver.send(.last)
        #expect(driver.focusedID(0) == "c99999")
    }

    @Test func aLongerQueryKeepsWhatStillMatchesWhileTheSourceNarrowsIt() async {
        var driver = Driver(wideHierarchy(count: 10_000), columns: 3, itemsPerPage: 10)
        driver.send(.start)
        await driver.settle()
        driver.send(.filter("Child 5"))
        await driver.settle()
        #expect(driver.state.items(in: 0).count == 1_111)
        driver.send(.filter("Child 50"))
        #expect(driver.titles(0) == ["Child 50"])
        #expect(driver.pending.contains { if case .matchChildren(_, _, _, let among?, _) = $0 { among.count == 1_111 } else { false } })
        await driver.settle()
        #expect(driver.state.items(in: 0).count == 111)
        driver.send(.last)
        await driver.settle()
        #expect(driver.focusedID(0) == "c5099")
    }

    @Test func aStaleMatchIsDroppedAndTheNewestWins() async {
        var driver = Driver(wideHierarchy(count: 10_000), columns: 3, itemsPerPage: 10)
        driver.send(.start)
        await driver.settle()
        driver.send(.filter("Child 1"))
        let stale = driver.pending.removeFirst()
        driver.send(.filter("Child 2"))
        let older = await driver.answer(stale)
        await driver.settle()
        driver.send(older)
        #expect(driver.titles(0).filter { $0 != "…" }.allSatisfy { $0.hasPrefix("Child 2") })
        #expect(Array(driver.titles(0).prefix(10)) == ["Child 2"] + (20...28).map { "Child \($0)" })
        #expect(driver.state.items(in: 0).count == 1_111)
    }

    @Test func nothingMatchingSaysSoAndClearingShowsEveryChild() async {
        var driver = Driver(wideHierarchy(count: 10_000), columns: 3, itemsPerPage: 10)
        driver.send(.start)
        await driver.settle()
        driver.send(.last)
        await driver.settle()
        driver.send(.filter("zzz"))
        await driver.settle()
        #expect(driver.state.items(in: 0).isEmpty)
        #expect(driver.state.message == "no match")
        driver.send(.clearFilter)
        #expect(driver.state.items(in: 0).count == 10_000)
        #expect(driver.focusedID(0) == "c9999")
    }
}

@Suite("The outline of a node with many children")
struct PagedOutlineTests {
    @Test func rowsOnScreenGetTheirItemsAndTheGuideKnowsTheLastChild() async {
        var driver = Driver(wideHierarchy(count: 10_000), columns: 3, itemsPerPage: 10)
        driver.send(.start)
        await driver.settle()
        driver.send(.setLayout(.outline))
        await driver.settle()
        #expect(driver.state.outline.rows.count == 10_000)
        driver.send(.last)
        await driver.settle()
        let rows = driver.state.outline.rows
        #expect(driver.state.store[rows[9_999].item].id == "c9999")
        #expect(rows[9_999].isLastChild(in: driver.state.store))
        #expect(!rows[9_998].isLastChild(in: driver.state.store))
        #expect(rows[5_000].item == NodeStore.placeholder)
        #expect(driver.state.store.count < 3 * ChildPaging.pageSize)
        driver.send(.first)
        driver.send(.expand)
        await driver.settle()
        #expect(driver.state.outline.rows[1...3].map { driver.state.store[$0.item].title } == ["Grandchild 0", "Grandchild 1", "Grandchild 2"])
    }
}

/// A wide source whose pages, matches and positions fail once `failing` is set.
final class FailingPager: HierarchySource {
    let inner = wideHierarchy(count: 10_000)
    let failing = Mutex(false)
    var displayName: String { inner.displayName }

    func root() async throws -> SourceRoot? { try await inner.root() }
    func numberOfChildren(of id: String) async throws -> Int? { try await inner.numberOfChildren(of: id) }
    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] { try await inner.childIDs(of: id, in: range) }
    func parentID(of id: String) async throws -> String? { try await inner.parentID(of: id) }
    func item(_ id: String) async throws -> SourceItem { try await inner.item(id) }
    var pagesChildren: Bool { true }

    func children(of id: String, in range: Range<Int>) async throws -> [SourceItem] {
        if failing.withLock({ $0 }) { throw SourceError("page \(range.lowerBound) failed") }
        return try await inner.children(of: id, in: range)
    }

    func position(of childID: String, in parentID: String) async throws -> Int? {
        if failing.withLock({ $0 }) { throw SourceError("cannot locate \(childID)") }
        return try await inner.position(of: childID, in: parentID)
    }
}

/// Only the protocol's own ways: ranges of children and positions composed from ids and items.
final class PlainPager: HierarchySource {
    let inner = wideHierarchy(count: 5_000)
    var displayName: String { inner.displayName }

    func root() async throws -> SourceRoot? { try await inner.root() }
    func numberOfChildren(of id: String) async throws -> Int? { try await inner.numberOfChildren(of: id) }
    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] { try await inner.childIDs(of: id, in: range) }
    func parentID(of id: String) async throws -> String? { try await inner.parentID(of: id) }
    func item(_ id: String) async throws -> SourceItem { try await inner.item(id) }
    var pagesChildren: Bool { true }
}

@Suite("Pages, matches and positions that fail")
struct PagingFailureTests {
    func started(_ source: FailingPager) async -> Driver {
        var driver = Driver(source, columns: 3, itemsPerPage: 10)
        driver.send(.start)
        await driver.settle()
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
        var driver = Driver(source, columns: 3, itemsPerPage: 10)
        driver.send(.start)
        await driver.settle()
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
        #expect(driver.state.columns[0].filter?.isMatching == false)
    }

    @Test func theProtocolComposesRangesAndPositionsFromIdsAndItems() async throws {
        let source = PlainPager()
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

/// A source that answers the paging request itself: the whole short list at once, or a failure.
final class AnsweringPager: HierarchySource {
    let inner = wideHierarchy(count: 5)
    let fails: Bool
    var displayName: String { inner.displayName }

    init(fails: Bool) { self.fails = fails }

    func root() async throws -> SourceRoot? { try await inner.root() }
    func numberOfChildren(of id: String) async throws -> Int? { try await inner.numberOfChildren(of: id) }
    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] { try await inner.childIDs(of: id, in: range) }
    func parentID(of id: String) async throws -> String? { try await inner.parentID(of: id) }
    func item(_ id: String) async throws -> SourceItem { try await inner.item(id) }
    var pagesChildren: Bool { true }

    func pagedChildren(of id: String) async throws -> PagedChildren? {
        if fails { throw SourceError("cannot count '\(id)'") }
        let all = try await inner.children(of: id)
        return PagedChildren(count: all.count, first: all)
    }
}

@Suite("Sources that answer the paging request themselves")
struct AnsweringPagerTests {
    @Test func aWholeShortListIsLoadedAsIs() async {
        var driver = Driver(AnsweringPager(fails: false), columns: 3, itemsPerPage: 10)
        driver.send(.start)
        await driver.settle()
        #expect(driver.titles(0) == (0..<5).map { "Child \($0)" })
        #expect(driver.state.store[driver.state.columns[0].parent].unloadedChildren == 0)
    }

    @Test func aFailedCountShowsWhy() async {
        var driver = Driver(AnsweringPager(fails: true), columns: 3, itemsPerPage: 10)
        driver.send(.start)
        await driver.settle()
        #expect(driver.state.message == "cannot count ''")
        #expect(driver.state.store[driver.state.columns[0].parent].childLoad == .failed("cannot count ''"))
    }
}

/// A wide source that hands its first children in another order before it has counted them all.
final class PartialPager: HierarchySource {
    let inner = wideHierarchy(count: 5_000)
    var displayName: String { inner.displayName }

    func root() async throws -> SourceRoot? { try await inner.root() }
    func numberOfChildren(of id: String) async throws -> Int? { try await inner.numberOfChildren(of: id) }
    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] { try await inner.childIDs(of: id, in: range) }
    func parentID(of id: String) async throws -> String? { try await inner.parentID(of: id) }
    func item(_ id: String) async throws -> SourceItem { try await inner.item(id) }
    var pagesChildren: Bool { true }

    func pagedChildren(of id: String, partial: @Sendable ([SourceItem]) -> Void) async throws -> PagedChildren? {
        partial(try await inner.children(of: id, in: 4_000..<4_010).reversed())
        return try await pagedChildren(of: id)
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
