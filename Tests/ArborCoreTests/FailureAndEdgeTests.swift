import ArborCore
import Synchronization
import Testing

/// A source whose root fails, or which throws an error of its own type, or delivers children in batches.
struct QuirkySource: HierarchySource {
    struct Broken: Error, CustomStringConvertible {
        var description: String { "disk on fire" }
    }

    enum Mode { case failingRoot, foreignError, batches }
    let mode: Mode
    let displayName = "quirky"

    func root() async throws -> SourceRoot? {
        if mode == .failingRoot { throw SourceError("cannot open the source") }
        return SourceRoot(id: "top", isVirtual: true)
    }

    func numberOfChildren(of id: String) async throws -> Int? { id == "top" ? 4 : 0 }

    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        if mode == .foreignError { throw Broken() }
        return range.map { "c\($0)" }
    }

    func parentID(of id: String) async throws -> String? { id == "top" ? nil : "top" }

    func item(_ id: String) async throws -> SourceItem {
        SourceItem(id: id, content: ItemContent(title: id), childCount: 0)
    }

    func children(of id: String, partial: @Sendable ([SourceItem]) -> Void) async throws -> [SourceItem] {
        let all = try await children(of: id)
        if mode == .batches, all.count > 2 { partial(Array(all.prefix(2))) }
        return all
    }
}

@Suite("Failures and edges of the model")
struct FailureAndEdgeTests {
    @Test func aFailingRootIsReportedAndNothingIsShown() async {
        var driver = Driver(QuirkySource(mode: .failingRoot))
        driver.send(.start)
        await driver.settle()
        #expect(driver.state.loads.root == .failed("cannot open the source"))
        #expect(driver.state.message == "cannot open the source")
        #expect(driver.state.navigation.levels.isEmpty)
    }

    @Test func errorsOfOtherTypesBecomeSourceErrorsWithTheirText() async {
        var driver = Driver(QuirkySource(mode: .foreignError))
        driver.send(.start)
        await driver.settle()
        #expect(driver.state.message == "disk on fire")
    }

    @Test func batchesArriveThroughProgressBeforeTheWholeList() async {
        let performer = EffectPerformer(source: QuirkySource(mode: .batches))
        let seen = Mutex<[BrowserAction]>([])
        let final = await performer.perform(.loadChildren(NodeStore.top, id: "top", generation: 1)) { action in
            seen.withLock { $0.append(action) }
        }
        let partial = seen.withLock { $0 }
        guard case .loaded(.partialChildren(_, 1, let batch)) = partial.first else {
            Issue.record("no partial batch")
            return
        }
        #expect(batch.map(\.id) == ["c0", "c1"])
        guard case .loaded(.children(_, 1, .success(let items))) = final else {
            Issue.record("no final list")
            return
        }
        #expect(items.count == 4)
        let silent = await performer.perform(.loadParent(NodeStore.top, id: "c1", generation: 2))
        guard case .loaded(.parent(_, 2, .success("top"))) = silent else {
            Issue.record("parent not answered")
            return
        }
    }

    @Test func aRevealStopsAtALevelThatFailedToLoad() async {
        let source = MutableSource(root: "plants", plantOutline)
        _ = source.failing.withLock { $0.insert("hamburg") }
        var driver = Driver(source)
        driver.send(.start)
        await driver.settle()
        driver.send(.expand)
        await driver.settle()
        #expect(driver.state.store[driver.state.store.handle(for: "hamburg")!].childLoad.failureMessage != nil)
        driver.send(.reveal(path: ["plants", "hamburg", "pumps"]))
        await driver.settle()
        #expect(driver.focusedID(1) == "hamburg")
        #expect(driver.state.navigation.focusedLevel == 1)
    }

    @Test func insertedChildrenThatCannotBeReadAreReported() async {
        let source = MutableSource(root: "plants", plantOutline)
        var driver = Driver(source)
        driver.send(.start)
        await driver.settle()
        source.update { $0["plants"]?.children.insert("ghost", at: 0) }
        driver.send(.insertChildren(of: "plants", at: [0]))
        await driver.settle()
        #expect(driver.state.message == "no item 'ghost'")
        #expect(driver.titles(1) == ["Hamburg", "Berlin", "Munich"])
    }

    @Test func invalidatingChildrenNeverLoadedAndNotShownAsksOnlyForTheirCount() async {
        var driver = Driver(MutableSource(root: "plants", plantOutline))
        driver.send(.start)
        await driver.settle()
        driver.send(.invalidateChildren(of: "berlin"))
        #expect(driver.pending.count == 1)
        if case .countChildren(_, let ids, _)? = driver.pending.first { #expect(ids == ["berlin"]) } else { Issue.record("no count asked") }
        #expect(driver.state.store[driver.state.store.handle(for: "berlin")!].childLoad == .unloaded)
    }

    @Test func aParentThatCannotBeAskedIsReported() async {
        let source = MutableSource(root: "plants", plantOutline)
        var driver = Driver(source)
        driver.send(.start)
        await driver.settle()
        source.update { $0["berlin"] = nil }
        driver.send(.invalidateParent(of: "berlin"))
        await driver.settle()
        #expect(driver.state.message == "no item 'berlin'")
        #expect(driver.state.store[driver.state.store.handle(for: "berlin")!].parentLoad == .failed("no item 'berlin'"))
    }

    @Test func rowsBelowAnOutlineChangeShiftWithTheFocus() async {
        var driver = Driver(MutableSource(root: "plants", plantOutline))
        driver.send(.start)
        await driver.settle()
        driver.send(.setLayout(.outline))
        driver.send(.expand)
        driver.send(.last)
        #expect(driver.state.focusedItem == driver.state.store.handle(for: "munich"))
        await driver.settle()
        #expect(driver.state.outline.rows.count == 6)
        #expect(driver.state.focusedItem == driver.state.store.handle(for: "munich"), "the focus moved down with its row")
        #expect(driver.state.outline.focus == 5)
    }

    @Test func handlesOrderAndDescribeThemselves() async {
        var driver = Driver(MutableSource(root: "plants", plantOutline))
        driver.send(.start)
        await driver.settle()
        let handles = driver.state.items(in: 1)
        #expect(handles.sorted() == Array(handles))
        #expect(handles.reversed().sorted() == Array(handles))
        #expect(NodeStore.top.description == "#0")
    }

    @Test func staticHierarchiesCountChildrenAndHaveNoHiddenItems() async throws {
        let hierarchy = StaticHierarchy(displayName: "s", nodes: [
            StaticHierarchy.Node(id: "r", content: ItemContent(title: "R"), children: [1]),
            StaticHierarchy.Node(id: "a", content: ItemContent(title: "A"), parent: 0),
        ], rootIndex: 0, rootIsVirtual: false)
        #expect(try await hierarchy.numberOfChildren(of: "r") == 1)
        #expect(try await hierarchy.numberOfChildren(of: "a") == 0)
        await #expect(throws: SourceError.self) { try await hierarchy.numberOfChildren(of: "zz") }
        #expect(!(hierarchy is any HiddenEntries), "a hierarchy in memory has no hidden entries")
    }
}

/// A source that counts children in the background but cannot count some, and lists in one batch.
struct UncountableSource: BackgroundCounting {
    let displayName = "uncountable"
    func root() async throws -> SourceRoot? { SourceRoot(id: "top", isVirtual: true) }
    func numberOfChildren(of id: String) async throws -> Int? {
        if id == "broken" { throw SourceError("cannot count") }
        return id == "top" ? 3 : nil
    }
    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        Array(["a", "b", "broken"][range.clamped(to: 0..<3)])
    }
    func parentID(of id: String) async throws -> String? { nil }
    func item(_ id: String) async throws -> SourceItem { SourceItem(id: id, content: ItemContent(title: id), childCount: nil) }
}

@Suite("Uncountable children and retried loads")
struct RetryTests {
    @Test func childrenThatCannotBeCountedGetMinusOneAndListNothing() async throws {
        let source = UncountableSource()
        #expect(try await source.children(of: "a").isEmpty, "an unknown count lists no children")
        let performer = EffectPerformer(source: source)
        let action = await performer.perform(.countChildren(NodeStore.top, ids: ["a", "broken"], epoch: 0))
        guard case .loaded(.childCounts(_, 0, let counts)) = action else {
            Issue.record("no counts")
            return
        }
        #expect(counts == ["a": -1, "broken": -1])
        let whole = await EffectPerformer(source: QuirkySource(mode: .batches)).perform(.loadChildren(NodeStore.top, id: "top", generation: 3))
        guard case .loaded(.children(_, 3, .success(let items))) = whole else {
            Issue.record("no list")
            return
        }
        #expect(items.count == 4)
    }

    /// An outline whose `pumps` row is expanded but failed to load its children.
    func outlineWithAFailedExpansion(virtual: Bool = false) async -> (Driver, MutableSource) {
        let source = MutableSource(root: "plants", virtual: virtual, plantOutline)
        _ = source.failing.withLock { $0.insert("pumps") }
        var driver = Driver(source)
        driver.send(.start)
        await driver.settle()
        driver.send(.setLayout(.outline))
        driver.send(.reveal(path: virtual ? ["hamburg", "pumps"] : ["plants", "hamburg", "pumps"]))
        await driver.settle()
        #expect(driver.state.focusedItem == driver.state.store.handle(for: "pumps"))
        driver.send(.expand)
        await driver.settle()
        #expect(driver.state.store[driver.state.store.handle(for: "pumps")!].childLoad.failureMessage != nil)
        return (driver, source)
    }

    func asksForPumps(_ effects: [BrowserEffect], _ driver: Driver) -> Bool {
        effects.contains { if case .loadChildren(_, "pumps", _) = $0 { true } else { false } }
    }

    @Test func reExpandingAnAncestorRetriesAFailedExpandedRow() async {
        var (driver, source) = await outlineWithAFailedExpansion()
        _ = source.failing.withLock { $0.remove("pumps") }
        driver.send(.moveFocus(by: -1))
        driver.send(.previousLevel)
        #expect(driver.state.focusedItem == driver.state.store.handle(for: "hamburg"))
        driver.send(.expand)
        #expect(asksForPumps(driver.pending, driver))
        await driver.settle()
        #expect(driver.state.outline.rows.contains { $0.item == driver.state.store.handle(for: "p1") })
    }

    @Test func reloadingAParentRetriesAFailedExpandedRowBelowIt() async {
        var (driver, _) = await outlineWithAFailedExpansion()
        driver.send(.invalidateChildren(of: "hamburg"))
        await driver.settle()
        driver.pending = []
        driver.send(.invalidateChildren(of: "hamburg"))
        let reload = driver.pending
        driver.send(await driver.answer(reload[0]))
        #expect(asksForPumps(driver.pending, driver))
    }

    @Test func reloadingTheTopLevelRetriesAndKeepsTheFocusWhereItCan() async {
        var (driver, source) = await outlineWithAFailedExpansion(virtual: true)
        driver.pending = []
        driver.send(.invalidateChildren(of: "plants"))
        driver.send(await driver.answer(driver.pending.removeFirst()))
        #expect(asksForPumps(driver.pending, driver))
        await driver.settle()
        driver.send(.last)
        #expect(driver.state.focusedItem == driver.state.store.handle(for: "munich"))
        source.setChildren(of: "plants", ["hamburg", "berlin"])
        driver.send(.removeChildren(of: "plants", at: [2]))
        #expect(driver.state.outline.focus < driver.state.outline.rows.count)
        driver.send(.removeChildren(of: "no-such-item", at: [0]))
        #expect(driver.state.outline.rows.count == 4)
    }

    @Test func theParentOfAnUnfocusedListedItemIsAskedAgain() async {
        var driver = Driver(MutableSource(root: "plants", plantOutline))
        driver.send(.start)
        await driver.settle()
        #expect(driver.focusedID(1) == "hamburg")
        driver.send(.invalidateParent(of: "berlin"))
        await driver.settle()
        #expect(driver.columnParents.last == "plants")
        #expect(driver.titles(1) == ["Hamburg", "Berlin", "Munich"])
        #expect(driver.focusedID(1) == "hamburg", "a parent asked again and unchanged moves nothing")
    }
}
