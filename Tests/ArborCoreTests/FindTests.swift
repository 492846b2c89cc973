import ArborCore
import Synchronization
import Testing

/// A source whose listings of some items wait until the test opens their gate, and whose find is bounded.
final class GatedSource: HierarchySource {
    let inner: MutableSource
    let closed: Mutex<Set<String>>
    let bound: SearchBound
    var displayName: String { inner.displayName }

    init(_ inner: MutableSource, closed: Set<String>, bound: SearchBound = .lazyDefault) {
        self.inner = inner
        self.closed = Mutex(closed)
        self.bound = bound
    }

    func open(_ id: String) { _ = closed.withLock { $0.remove(id) } }

    func root() async throws -> SourceRoot? { try await inner.root() }
    func numberOfChildren(of id: String) async throws -> Int? { try await inner.numberOfChildren(of: id) }
    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] { try await inner.childIDs(of: id, in: range) }
    func parentID(of id: String) async throws -> String? { try await inner.parentID(of: id) }
    func item(_ id: String) async throws -> SourceItem { try await inner.item(id) }
    func children(of id: String) async throws -> [SourceItem] {
        while closed.withLock({ $0.contains(id) }) { try await Task.sleep(nanoseconds: 1_000_000) }
        return try await inner.children(of: id)
    }
    var searchBound: SearchBound { bound }
}

@Suite("Find over every item")
struct FindTests {
    let outline: [(String, [String])] = [
        ("top", ["alpha", "beta", "gamma"]),
        ("alpha", ["a1", "a2"]),
        ("gamma", ["g1", "g2"]),
        ("g1", ["deep", "deeper"]),
        ("deep", ["deepest"]),
    ]

    func started(_ source: any HierarchySource) async -> Driver {
        var driver = Driver(source)
        driver.send(.start)
        await driver.settle()
        return driver
    }

    @Test func aMatchDeepInAnUnopenedBranchIsFoundWithItsPathAndOpened() async {
        var driver = await started(MutableSource(root: "top", virtual: true, outline))
        #expect(driver.state.store.handle(for: "deep") == nil, "nothing below the first level is loaded")
        driver.send(.find(.query("dep")))
        #expect(driver.state.finding.open?.isSearching == true && driver.state.finding.open?.hasReported == false)
        await driver.settle()
        let find = try! #require(driver.state.finding.open)
        #expect(find.hits.map(\.title) == ["Deep", "Deeper", "Deepest"])
        #expect(find.hits[0].path == ["Gamma", "G1"])
        #expect(find.hits[2].path == ["Gamma", "G1", "Deep"])
        #expect(find.hits[0].positions == [0, 1, 3])
        #expect(find.total == 3 && !find.isSearching && find.hasReported)
        #expect(find.progress?.isComplete == true && find.progress?.visited == 10)
        driver.send(.find(.moveFocus(by: 5)))
        #expect(driver.state.finding.open?.focus == 2)
        driver.send(.find(.moveFocus(by: -1)))
        driver.send(.find(.openHit))
        #expect(driver.state.finding.open == nil)
        await driver.settle()
        #expect(driver.columnParents == ["top", "gamma", "g1"])
        #expect(driver.focusedID(2) == "deeper")
    }

    @Test func theOutlineOpensAMatchToo() async {
        var driver = Driver(MutableSource(root: "top", virtual: false, outline))
        driver.send(.setLayout(.outline))
        driver.send(.start)
        await driver.settle()
        driver.send(.find(.query("deepest")))
        await driver.settle()
        #expect(driver.state.finding.open?.hits.first?.path == ["Top", "Gamma", "G1", "Deep"])
        driver.send(.find(.openHit))
        await driver.settle()
        #expect(driver.state.focusedItem.map { driver.state.store[$0].id } == "deepest")
    }

    @Test func bestMatchesComeFirstAndShallowerBeforeDeeper() async {
        let source = MutableSource(root: "top", virtual: true, [("top", ["b", "xdocs", "docs"]), ("b", ["Docs"])])
        var driver = await started(source)
        driver.send(.find(.query("docs")))
        await driver.settle()
        #expect(driver.state.finding.open?.hits.map(\.title) == ["Docs", "Docs", "Xdocs"])
        #expect(driver.state.finding.open?.hits.map(\.path) == [[], ["B"], []])
    }

    @Test func anEmptyQueryListsNothingAndClosingStopsTheSearch() async {
        var driver = await started(MutableSource(root: "top", virtual: true, outline))
        driver.send(.find(.query("a")))
        await driver.settle()
        #expect(driver.state.finding.open?.hits.isEmpty == false)
        driver.send(.find(.query("")))
        #expect(driver.state.finding.open?.hits.isEmpty == true)
        #expect(isOneStop(driver.pending, cancelling: true))
        await driver.settle()
        driver.send(.find(.openHit))
        #expect(driver.pending.isEmpty, "no match to open")
        driver.send(.find(.moveFocus(by: 1)))
        #expect(driver.state.finding.open?.focus == 0)
        driver.send(.find(.close))
        #expect(driver.state.finding.open == nil)
        #expect(isOneStop(driver.pending, cancelling: true))
        await driver.settle()
        driver.send(.find(.close))
        driver.send(.find(.stop))
        driver.send(.find(.searchFurther))
        #expect(driver.pending.isEmpty)
    }

    @Test func searchFurtherBeforeAnyReportStartsFromTheDefaultBound() async {
        var driver = await started(MutableSource(root: "top", virtual: true, outline))
        driver.send(.find(.query("deep")))
        driver.send(.find(.searchFurther))
        guard case .search(_, _, let bound, _, _, _) = driver.pending.last else { Issue.record("no search"); return }
        #expect(bound == SearchBound.lazyDefault.further)
        await driver.settle()
        #expect(driver.state.finding.open?.hits.count == 3)
    }

    @Test func theSearchedFieldsAreChosen() async {
        var driver = await started(MutableSource(root: "top", virtual: true, outline))
        driver.state.finding.fields = .id
        driver.send(.find(.query("!G g1")))
        await driver.settle()
        #expect(driver.state.finding.open?.hits.map(\.title) == ["G1"])
        #expect(driver.state.finding.open?.hits.first?.positions == [], "the match is in the id, not the title")
        driver.state.finding.fields = [.title, .subtitle, .body]
        driver.send(.find(.query("^g1$")))
        await driver.settle()
        #expect(driver.state.finding.open?.hits.isEmpty == true, "titles are G1")
        #expect(SearchFields(names: "title, id,body") == [.title, .id, .body])
        #expect(SearchFields(names: "title,colour") == nil && SearchFields(names: "") == nil)
        let item = SourceItem(id: "x", content: ItemContent(title: "a\u{1F}b", subtitle: "s", body: "b"), childCount: 0)
        #expect(SearchFields([.subtitle, .body]).text(of: item) == "a b\u{1F}s\u{1F}b")
    }

    @Test func aReloadWalksTheSourceAgainAndKeepsTheFindOpen() async {
        let source = MutableSource(root: "top", virtual: true, outline)
        var driver = await started(source)
        driver.send(.find(.query("deep")))
        await driver.settle()
        #expect(driver.state.finding.open?.hits.count == 3)
        source.setChildren(of: "g1", ["deeper"])
        driver.send(.reloadAll)
        #expect(driver.state.finding.open?.query == "deep" && driver.state.finding.open?.hits.isEmpty == true)
        await driver.settle()
        #expect(driver.state.finding.open?.hits.map(\.title) == ["Deeper"], "the walk after the reload sees the change")
        driver.send(.find(.close))
        driver.send(.reloadAll)
        #expect(driver.state.finding.open == nil)
    }

    @Test func aMatchThatWentAwayIsSaidInsteadOfOpened() async {
        let source = MutableSource(root: "top", virtual: true, outline)
        var driver = await started(source)
        driver.send(.find(.query("deepest")))
        await driver.settle()
        source.setChildren(of: "deep", [])
        driver.send(.find(.openHit))
        await driver.settle()
        #expect(driver.state.message == "the item found is no longer there")
    }

    @Test func anEmptySourceFindsNothing() async {
        let source = MutableSource(root: "top", virtual: true, [])
        source.update { _ in }
        var driver = await started(StaticHierarchy(displayName: "empty", nodes: [], rootIndex: -1, rootIsVirtual: true))
        driver.send(.find(.query("a")))
        await driver.settle()
        #expect(driver.state.finding.open?.hits.isEmpty == true && driver.state.finding.open?.isSearching == false)
        _ = source
    }
}
