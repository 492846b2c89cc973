import ArborCore
import Testing

@Suite("Loads in any order, stale results, the parent of the root")
struct BrowserLoadingTests {
    @Test func resultsApplyInAnyOrder() async {
        var driver = Driver(MutableSource(root: "plants", plantOutline))
        driver.send(.start)
        await driver.settle()
        driver.send(.expand)
        driver.send(.previousLevel)
        driver.send(.moveFocus(by: 1))
        driver.send(.expand)
        #expect(driver.pending.count == 2)
        let berlin = await driver.answer(driver.pending[1])
        let hamburg = await driver.answer(driver.pending[0])
        driver.pending = []
        driver.send(berlin)
        driver.send(hamburg)
        #expect(driver.columnParents == ["", "plants", "berlin"])
        #expect(driver.titles(2) == ["B1"])
        #expect(driver.state.store[driver.state.store.handle(for: "hamburg")!].children?.count == 2)
    }

    @Test func staleGenerationsAreDropped() async {
        let source = MutableSource(root: "pumps", plantOutline)
        var driver = Driver(source)
        driver.send(.start)
        await driver.settle()
        driver.send(.invalidateChildren(of: "pumps"))
        let first = driver.pending.removeFirst()
        source.setChildren(of: "pumps", ["p3", "p1"])
        driver.send(.invalidateChildren(of: "pumps"))
        let second = driver.pending.removeFirst()
        let newer = await driver.answer(second)
        source.setChildren(of: "pumps", ["p9"])
        let older = await driver.answer(first)
        driver.send(newer)
        driver.send(older)
        #expect(driver.titles(1) == ["P3", "P1"])
        #expect(driver.state.store[driver.state.navigation.levels[1].parent].childLoad == .loaded)
    }

    /// ArborKit's `showsRootParent`, as the seed's view asks on load: the root's parent is asked for at the start
    /// and shown as a column before it, the focus where it was, even when the answer comes after a move.
    @Test func theRootsParentAskedAtTheStartIsShownBeforeItWithoutMovingTheFocus() async {
        var driver = Driver(MutableSource(root: "plants", plantOutline))
        driver.state.asksRootParentAtStart = true
        driver.send(.start)
        var parentAsk: BrowserEffect?
        while !driver.pending.isEmpty {
            let effect = driver.pending.removeFirst()
            if case .loadParent = effect { parentAsk = effect } else { driver.send(await driver.answer(effect)) }
        }
        #expect(driver.columnParents == ["", "plants"])
        driver.send(.moveFocus(by: 1))
        #expect(driver.focusedID(1) == "berlin")
        guard let parentAsk else {
            Issue.record("the root's parent was not asked for")
            return
        }
        driver.send(await driver.answer(parentAsk))
        await driver.settle()
        #expect(driver.columnParents == ["", "world", "plants"])
        #expect(driver.titles(1) == ["Plants", "Offices"])
        #expect(driver.state.navigation.focusedLevel == 2 && driver.focusedID(2) == "berlin", "the focus stays")
        #expect(driver.state.message == nil)
        var top = Driver(MutableSource(root: "world", plantOutline))
        top.state.asksRootParentAtStart = true
        top.send(.start)
        await top.settle()
        #expect(top.columnParents == ["", "world"] && top.state.message == nil, "a root without a parent stays first, silently")
    }

    @Test func leftOfTheFirstColumnInsertsTheParentOfTheRoot() async {
        var driver = Driver(MutableSource(root: "plants", plantOutline))
        driver.send(.start)
        await driver.settle()
        driver.send(.previousLevel)
        #expect(driver.state.navigation.focusedLevel == 0)
        #expect(driver.pending.isEmpty)
        #expect(driver.state.mayHaveLevelBeforeFirst)
        driver.send(.previousLevel)
        guard case .loadParent = driver.pending.first else {
            Issue.record("expected a parent request, got \(driver.pending)")
            return
        }
        driver.send(await driver.answer(driver.pending.removeFirst()))
        #expect(driver.titles(0) == ["world"], "an item whose content is on its way shows its id")
        await driver.settle()
        #expect(driver.columnParents == ["", "world", "plants"])
        #expect(driver.titles(0) == ["World"])
        #expect(driver.titles(1) == ["Plants", "Offices"])
        #expect(driver.focusedID(1) == "plants")
        #expect(driver.state.navigation.focusedLevel == 0)
        #expect(driver.focusedID(2) == "hamburg")
        driver.send(.previousLevel)
        await driver.settle()
        #expect(driver.state.message == "top of the hierarchy")
        #expect(driver.columnParents == ["", "world", "plants"])
        #expect(!driver.state.mayHaveLevelBeforeFirst)
        driver.send(.previousLevel)
        #expect(driver.pending.isEmpty)
    }

    @Test func aFailedLoadShowsItsMessageAndCanBeRetried() async {
        let source = MutableSource(root: "plants", plantOutline)
        var driver = Driver(source)
        driver.send(.start)
        await driver.settle()
        _ = source.failing.withLock { $0.insert("pumps") }
        driver.send(.expand)
        await driver.settle()
        driver.send(.expand)
        await driver.settle()
        #expect(driver.columnParents == ["", "plants", "hamburg", "pumps"])
        #expect(driver.state.store[driver.state.store.handle(for: "pumps")!].childLoad == .failed("cannot list 'pumps'"))
        #expect(driver.state.message == "cannot list 'pumps'")
        source.failing.withLock { $0.removeAll() }
        source.setChildren(of: "pumps", ["p1"])
        driver.send(.previousLevel)
        driver.send(.expand)
        await driver.settle()
        #expect(driver.titles(3) == ["P1"])
    }

    @Test func revealOpensAPathLevelByLevel() async {
        var driver = Driver(MutableSource(root: "plants", plantOutline))
        driver.send(.start)
        driver.send(.reveal(path: ["plants", "hamburg", "tower", "fan"]))
        await driver.settle()
        #expect(driver.columnParents == ["", "plants", "hamburg", "tower"])
        #expect(driver.focusedID(3) == "fan")
        #expect(driver.state.navigation.focusedLevel == 3)
        driver.send(.reveal(path: ["plants", "nowhere"]))
        await driver.settle()
        #expect(driver.state.navigation.focusedLevel == 1)
        #expect(driver.focusedID(1) == "hamburg")
    }

    @Test func reloadAllKeepsThePathWhereItStillExists() async {
        let source = MutableSource(root: "plants", plantOutline)
        var driver = Driver(source)
        driver.send(.start)
        await driver.settle()
        driver.send(.expand)
        await driver.settle()
        driver.send(.moveFocus(by: 1))
        #expect(driver.focusedID(2) == "tower")
        source.setChildren(of: "hamburg", ["new", "tower", "pumps"])
        driver.send(.reloadAll)
        await driver.settle()
        #expect(driver.columnParents == ["", "plants", "hamburg"])
        #expect(driver.focusedID(2) == "tower")
        #expect(driver.state.navigation.levels[2].focus == 1)
        #expect(driver.state.navigation.focusedLevel == 2)
    }
}

/// A source that leaves child counts unknown in listings and cannot count them cheaply.
class ListingOnlySource: HierarchySource, @unchecked Sendable {
    let base: MutableSource
    var displayName: String { "listing" }

    init(base: MutableSource) {
        self.base = base
    }

    func root() async throws -> SourceRoot? { try await base.root() }
    func numberOfChildren(of id: String) async throws -> Int? { try await base.numberOfChildren(of: id) }
    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] { try await base.childIDs(of: id, in: range) }
    func parentID(of id: String) async throws -> String? { try await base.parentID(of: id) }
    func item(_ id: String) async throws -> SourceItem {
        var item = try await base.item(id)
        item.childCount = nil
        return item
    }
}

/// The same source, counting children cheaply on request.
final class LazyCountSource: ListingOnlySource, BackgroundCounting, @unchecked Sendable {}

@Suite("Child counts in the background")
struct ChildCountTests {
    @Test func unknownCountsAreFilledAfterTheListing() async {
        var driver = Driver(LazyCountSource(base: MutableSource(root: "plants", plantOutline)))
        driver.send(.start)
        driver.send(await driver.answer(driver.pending.removeFirst()))
        let listing = driver.pending.first { if case .loadChildren = $0 { return true } else { return false } }!
        driver.pending.removeAll { $0 == listing }
        driver.send(await driver.answer(listing))
        let hamburg = driver.state.store.handle(for: "hamburg")!
        #expect(driver.state.store[hamburg].childCount == nil)
        guard case .countChildren(_, let ids, _) = driver.pending.last else {
            Issue.record("no count request: \(driver.pending)")
            return
        }
        #expect(ids == ["hamburg", "berlin", "munich"])
        #expect(driver.state.loads.countsPending.contains(hamburg))
        await driver.settle()
        #expect(driver.state.loads.countsPending.isEmpty)
        #expect(driver.state.store[hamburg].childCount == 2)
        #expect(driver.state.store[driver.state.store.handle(for: "munich")!].childCount == 0)
    }

    @Test func sourcesThatCannotCountLeaveCountsUnknownAndNothingPending() async {
        var driver = Driver(ListingOnlySource(base: MutableSource(root: "plants", plantOutline)))
        driver.send(.start)
        await driver.settle()
        #expect(driver.state.loads.countsPending.isEmpty)
        #expect(driver.state.store[driver.state.store.handle(for: "hamburg")!].childCount == nil)
    }

    @Test func countsForAReplacedListingAreDropped() async {
        let source = MutableSource(root: "plants", plantOutline)
        var driver = Driver(LazyCountSource(base: source))
        driver.send(.start)
        driver.send(await driver.answer(driver.pending.removeFirst()))
        let listing = driver.pending.first { if case .loadChildren = $0 { return true } else { return false } }!
        driver.pending.removeAll { $0 == listing }
        driver.send(await driver.answer(listing))
        let stale = await driver.answer(driver.pending.removeLast())
        source.setChildren(of: "berlin", ["b1", "b2", "b3"])
        driver.send(.invalidateChildren(of: "plants"))
        await driver.settle()
        #expect(driver.state.store[driver.state.store.handle(for: "berlin")!].childCount == 3)
        driver.send(stale)
        #expect(driver.state.store[driver.state.store.handle(for: "berlin")!].childCount == 3)
    }
}

@Suite("Long lists arrive in parts")
struct PartialLoadTests {
    func item(_ id: String) -> SourceItem {
        SourceItem(id: id, content: ItemContent(title: titleCase(id)), childCount: 0)
    }

    /// Starts the browser and answers the root, leaving the request for the root's children unanswered.
    func startAwaitingChildren(_ driver: inout Driver) async -> (NodeHandle, Int)? {
        driver.send(.start)
        driver.send(await driver.answer(driver.pending.removeFirst()))
        guard case .loadChildren(let handle, _, let generation) = driver.pending.first(where: {
            if case .loadChildren = $0 { return true } else { return false }
        }) else {
            Issue.record("no children request")
            return nil
        }
        driver.pending = []
        return (handle, generation)
    }

    @Test func partsShowFirstAndTheFinalListReplacesThemKeepingTheFocus() async {
        var driver = Driver(MutableSource(root: "pumps", plantOutline))
        guard let (handle, generation) = await startAwaitingChildren(&driver) else { return }
        driver.send(.loaded(.partialChildren(handle, generation: generation, [item("p3"), item("p1")])))
        #expect(driver.titles(1) == ["P3", "P1"])
        #expect(driver.state.isLoading(level: 1))
        driver.send(.moveFocus(by: 1))
        driver.send(.loaded(.partialChildren(handle, generation: generation, [item("p2")])))
        #expect(driver.titles(1) == ["P3", "P1", "P2"])
        driver.send(.loaded(.partialChildren(handle, generation: generation + 99, [item("zz")])))
        #expect(driver.titles(1).count == 3)
        driver.send(.loaded(.children(handle, generation: generation, .success([item("p1"), item("p2"), item("p3")]))))
        #expect(driver.titles(1) == ["P1", "P2", "P3"])
        #expect(driver.focusedID(1) == "p1")
        #expect(!driver.state.isLoading(level: 1))
    }

    @Test func anAnswerAskedBeforeAReloadIsDropped() async {
        var driver = Driver(MutableSource(root: "pumps", plantOutline))
        driver.send(.start)
        await driver.settle()
        driver.send(.expand)
        await driver.settle()
        guard let deepest = driver.state.navigation.levels.last?.focusedItem else {
            Issue.record("no item focused")
            return
        }
        driver.send(.reloadAll)
        // The new store holds fewer nodes than the old one until the path is read again.
        #expect(!driver.state.store.holds(deepest))
        driver.send(.loaded(.children(deepest, generation: 1, .success([item("late")]))))
        driver.send(.loaded(.childPage(deepest, epoch: 1, start: 0, .success([item("late")]))))
        driver.send(.loaded(.item(deepest, generation: 1, .success(item("late")))))
        await driver.settle()
        #expect(driver.columnParents.first == "")
        #expect(driver.state.store.handle(for: "late") == nil)
    }

    @Test func anUntouchedColumnStartsAtTheFirstItemOfTheFinalList() async {
        var driver = Driver(MutableSource(root: "pumps", plantOutline))
        guard let (handle, generation) = await startAwaitingChildren(&driver) else { return }
        driver.send(.loaded(.partialChildren(handle, generation: generation, [item("p3"), item("p1")])))
        #expect(driver.focusedID(1) == "p3")
        driver.send(.loaded(.children(handle, generation: generation, .success([item("p1"), item("p2"), item("p3")]))))
        #expect(driver.focusedID(1) == "p1", "the first item of the ordered list, not the first part's")
        #expect(driver.state.navigation.levels[1].scroll == 0)
    }

    @Test func aReloadKeepsTheOldListShownUntilTheWholeNewOneIsRead() async {
        var driver = Driver(MutableSource(root: "pumps", plantOutline))
        driver.send(.start)
        await driver.settle()
        driver.send(.invalidateChildren(of: "pumps"))
        guard case .loadChildren(let handle, _, let generation) = driver.pending.removeFirst() else {
            Issue.record("no reload request")
            return
        }
        driver.send(.loaded(.partialChildren(handle, generation: generation, [item("p9")])))
        #expect(driver.titles(1) == ["P1", "P2", "P3"], "an unsorted first part does not replace a list shown")
        driver.send(.loaded(.children(handle, generation: generation, .success([item("p1"), item("p9")]))))
        #expect(driver.titles(1) == ["P1", "P9"])
    }
}
