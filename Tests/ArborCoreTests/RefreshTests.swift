import ArborCore
import Testing

@Suite("Lists read again after the data changed: compared by id")
struct RefreshTests {
    @Test func keptItemsStayNewOnesComeRemovedOnesGoAndTheFocusFollowsAMove() async {
        let source = MutableSource(root: "plants", plantOutline)
        var driver = await Driver.onP2(source)
        #expect(driver.focusedID(3) == "p2")
        source.setChildren(of: "pumps", ["p4", "p3", "p2"])
        source.setChildren(of: "plants", ["hamburg", "munich", "berlin", "essen"])
        let pumps = driver.state.store.handle(for: "p2")
        driver.send(.refreshShown)
        #expect(driver.titles(3) == ["P1", "P2", "P3"], "the old list stays shown until the new one is read")
        await driver.settle()
        #expect(driver.titles(3) == ["P4", "P3", "P2"])
        #expect(driver.titles(1) == ["Hamburg", "Munich", "Berlin", "Essen"])
        #expect(driver.focusedID(3) == "p2")
        #expect(driver.state.navigation.levels[3].focus == 2)
        #expect(driver.state.store.handle(for: "p2") == pumps, "an unchanged item keeps its node")
        #expect(driver.columnParents == ["", "plants", "hamburg", "pumps"])
        #expect(driver.state.message == nil)
    }

    @Test func aSourceReadToItsEndKeepsTheColumnsAndTheFocusWhileItsListsAreReadAgain() async {
        let source = MutableSource(root: "plants", plantOutline)
        var driver = await Driver.onP2(source)
        source.setChildren(of: "pumps", ["p1", "p2", "p3", "p4"])
        for action in SourceChange.completed(problem: nil).actions { driver.send(action) }
        // Nothing is torn down to be opened again: a key typed now acts on the place it sees.
        #expect(driver.focusedID(3) == "p2")
        #expect(driver.columnParents == ["", "plants", "hamburg", "pumps"])
        await driver.settle()
        #expect(driver.titles(3) == ["P1", "P2", "P3", "P4"])
        #expect(driver.focusedID(3) == "p2")
    }

    @Test func theFocusedItemGoneLeavesTheFocusOnItsNeighbourAndTheFooterSaysSo() async {
        let source = MutableSource(root: "plants", plantOutline)
        var driver = await Driver.onP2(source)
        source.setChildren(of: "pumps", ["p1", "p3"])
        driver.send(.refreshShown)
        await driver.settle()
        #expect(driver.titles(3) == ["P1", "P3"])
        #expect(driver.focusedID(3) == "p3")
        #expect(driver.state.message == "“P2” went away")
    }

    @Test func marksOnItemsThatWentAwayAreDropped() async {
        let source = MutableSource(root: "plants", plantOutline)
        var driver = await Driver.onP2(source, mode: .multiple)
        driver.send(.selection(.toggleFocused))
        driver.send(.moveFocus(by: 1))
        driver.send(.selection(.toggleFocused))
        #expect(driver.state.selection.ids == ["p2", "p3"])
        source.setChildren(of: "pumps", ["p2"])
        driver.send(.refreshShown)
        await driver.settle()
        #expect(driver.state.selection.ids == ["p2"])
        #expect(driver.state.message == "“P3” went away; 1 marked item went away")
        source.setChildren(of: "pumps", ["p1", "p2", "p3"])
        driver.send(.refreshShown)
        await driver.settle()
        driver.send(.selection(.clear))
        driver.send(.moveFocus(by: -5))
        for _ in 0..<2 {
            driver.send(.selection(.toggleFocused))
            driver.send(.moveFocus(by: 1))
        }
        #expect(driver.state.selection.ids == ["p1", "p2"])
        source.setChildren(of: "pumps", ["p3"])
        driver.send(.refreshShown)
        await driver.settle()
        #expect(driver.state.selection.ids.isEmpty)
        #expect(driver.state.message == "2 marked items went away", "the focused p3 stayed")
    }

    /// A driver with the columns open down to b1.
    func openOnB1(_ source: MutableSource) async -> Driver {
        var driver = Driver(source)
        driver.send(.start)
        driver.send(.reveal(path: ["plants", "berlin", "b1"]))
        await driver.settle()
        return driver
    }

    @Test func aListNotOnScreenIsReadAgainWhenItIsNextOpened() async {
        let source = MutableSource(root: "plants", plantOutline)
        var driver = await openOnB1(source)
        driver.send(.reveal(path: ["plants", "hamburg"]))
        await driver.settle()
        source.setChildren(of: "berlin", ["b1", "b2"])
        driver.send(.refreshShown)
        await driver.settle()
        #expect(!driver.pending.contains { if case .loadChildren(_, "berlin", _) = $0 { true } else { false } })
        driver.send(.reveal(path: ["plants", "berlin", "b2"]))
        await driver.settle()
        #expect(driver.titles(2) == ["B1", "B2"])
        #expect(driver.focusedID(2) == "b2")
    }

    @Test func openingAPathFromTheTopClosesTheColumnsOpenBeyondIt() async {
        var driver = await openOnB1(MutableSource(root: "plants", plantOutline))
        driver.send(.open(path: ["plants", "hamburg"]))
        await driver.settle()
        #expect(driver.state.navigation.levels.count == 2)
        #expect(driver.focusedID(1) == "hamburg")
    }

    @Test func theOutlineKeepsItsFocusedRowByIdentityWhenRowsComeAboveIt() async {
        let source = MutableSource(root: "plants", plantOutline)
        var driver = Driver(source)
        driver.send(.start)
        driver.send(.reveal(path: ["plants", "hamburg", "pumps", "p3"]))
        await driver.settle()
        driver.send(.setLayout(.outline))
        await driver.settle()
        #expect(driver.state.focusedItem.map { driver.state.store[$0].id } == "p3")
        #expect(driver.state.watchedIDs.isSuperset(of: ["hamburg", "pumps", "p3"]))
        source.setChildren(of: "pumps", ["p0", "p1", "p2", "p3"])
        driver.send(.refreshShown)
        await driver.settle()
        let ids = driver.state.outline.rows.map { driver.state.store[$0.item].id }
        #expect(ids.contains("p0"))
        #expect(driver.state.focusedItem.map { driver.state.store[$0].id } == "p3")
    }

    @Test func troubleWithTheDataStaysUntilItIsMended() async {
        var driver = await Driver.onP2(MutableSource(root: "plants", plantOutline))
        for action in SourceChange.problem("t.json:2:12: invalid JSON").actions { driver.send(action) }
        driver.send(.moveFocus(by: 1))
        #expect(driver.state.sourceTrouble == "t.json:2:12: invalid JSON", "a key does not clear it")
        for action in SourceChange.problem(nil).actions { driver.send(action) }
        #expect(driver.state.sourceTrouble == nil)
    }

    @Test func aWatchedDirectoryFocusedButClosedHasItsCountAskedAgain() async {
        let source = MutableSource(root: "plants", plantOutline)
        var driver = Driver(CountingSource(base: source))
        driver.send(.setViewport(columns: 4, itemsPerPage: 5))
        driver.send(.start)
        driver.send(.reveal(path: ["plants", "hamburg", "pumps", "p2"]))
        await driver.settle()
        driver.send(.previousLevel)
        driver.send(.moveFocus(by: 1))
        #expect(driver.focusedID(2) == "tower")
        #expect(driver.state.watchedIDs == ["plants", "hamburg", "tower"], "the columns open and the focused item")
        source.setChildren(of: "tower", ["fan", "vent"])
        driver.send(.invalidateChildren(of: "tower"))
        await driver.settle()
        let tower = try! #require(driver.state.store.handle(for: "tower"))
        #expect(driver.state.store[tower].childCount == 2)
    }
}

/// A source that counts children in the background, over a mutable one.
private struct CountingSource: BackgroundCounting {
    let base: MutableSource
    var displayName: String { base.displayName }
    func root() async throws -> SourceRoot? { try await base.root() }
    func numberOfChildren(of id: String) async throws -> Int? { try await base.numberOfChildren(of: id) }
    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] { try await base.childIDs(of: id, in: range) }
    func parentID(of id: String) async throws -> String? { try await base.parentID(of: id) }
    func item(_ id: String) async throws -> SourceItem { try await base.item(id) }
}
