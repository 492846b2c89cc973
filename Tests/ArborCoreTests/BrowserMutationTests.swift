import ArborCore
import Testing

@Suite("Mutations keep the focus on the same item")
struct BrowserMutationTests {
    /// A driver showing plants > hamburg > pumps with the focus on p2.
    func driverOnP2(_ source: MutableSource) async -> Driver {
        var driver = Driver(source)
        driver.send(.reveal(path: ["plants", "hamburg", "pumps", "p2"]))
        driver.send(.start)
        driver.send(.reveal(path: ["plants", "hamburg", "pumps", "p2"]))
        await driver.settle()
        return driver
    }

    @Test func insertedChildrenShiftTheFocusedIndexNotTheItem() async {
        let source = MutableSource(root: "plants", plantOutline)
        var driver = await driverOnP2(source)
        #expect(driver.focusedID(3) == "p2")
        source.setChildren(of: "pumps", ["p0", "p1", "p2", "p3", "p4"])
        driver.send(.insertChildren(of: "pumps", at: [4, 0]))
        await driver.settle()
        #expect(driver.titles(3) == ["P0", "P1", "P2", "P3", "P4"])
        #expect(driver.focusedID(3) == "p2")
        #expect(driver.state.navigation.levels[3].focus == 2)
        driver.send(.insertChildren(of: "unknown", at: [0]))
        #expect(driver.pending.isEmpty)
    }

    @Test func insertResultsOlderThanAReloadAreDropped() async {
        let source = MutableSource(root: "plants", plantOutline)
        var driver = await driverOnP2(source)
        source.setChildren(of: "pumps", ["p0", "p1", "p2", "p3"])
        driver.send(.insertChildren(of: "pumps", at: [0]))
        let insert = driver.pending.removeFirst()
        driver.send(.invalidateChildren(of: "pumps"))
        await driver.settle()
        driver.send(await driver.answer(insert))
        #expect(driver.titles(3) == ["P0", "P1", "P2", "P3"])
    }

    @Test func removingTheFocusedItemFocusesItsNeighbour() async {
        let source = MutableSource(root: "plants", plantOutline)
        var driver = await driverOnP2(source)
        driver.send(.removeChildren(of: "pumps", at: [1]))
        #expect(driver.titles(3) == ["P1", "P3"])
        #expect(driver.focusedID(3) == "p3")
        driver.send(.removeChildren(of: "pumps", at: [0, 1, 7]))
        #expect(driver.titles(3).isEmpty)
        #expect(driver.state.navigation.levels[3].focusedItem == nil)
    }

    @Test func removingAnExpandedItemCutsThePath() async {
        let source = MutableSource(root: "plants", plantOutline)
        var driver = await driverOnP2(source)
        driver.send(.removeChildren(of: "hamburg", at: [0]))
        #expect(driver.columnParents == ["", "plants", "hamburg"])
        #expect(driver.focusedID(2) == "tower")
        #expect(driver.state.navigation.focusedLevel == 2)
    }

    @Test func invalidatedChildrenReloadWithTheFocusByIdentity() async {
        let source = MutableSource(root: "plants", plantOutline)
        var driver = await driverOnP2(source)
        source.setChildren(of: "pumps", ["p3", "p2"])
        driver.send(.invalidateChildren(of: "pumps"))
        #expect(driver.titles(3) == ["P1", "P2", "P3"])
        await driver.settle()
        #expect(driver.titles(3) == ["P3", "P2"])
        #expect(driver.focusedID(3) == "p2")
        #expect(driver.state.navigation.levels[3].focus == 1)
        driver.send(.invalidateChildren(of: "offices"))
        #expect(driver.pending.isEmpty)
    }

    @Test func invalidatedItemsGetTheirNewContent() async {
        let source = MutableSource(root: "plants", plantOutline)
        var driver = await driverOnP2(source)
        source.update {
            $0["p2"]?.title = "Pump two"
            $0["p2"]?.children = ["x"]
        }
        driver.send(.invalidateItems(["p2", "unknown"]))
        #expect(driver.pending.count == 1)
        await driver.settle()
        #expect(driver.titles(3) == ["P1", "Pump two", "P3"])
        #expect(driver.state.store[driver.state.focusedItem!].childCount == 1)
    }

    /// Moved into another branch: the levels above the new parent are the source's, from the root; the former
    /// siblings' list is read again; the levels open below the item stay open, the focus where it was.
    @Test func anItemMovedToAnotherBranchIsShownUnderItsNewParentWithTheLevelsAbove() async {
        let source = MutableSource(root: "plants", plantOutline)
        var driver = await driverOnP2(source)
        source.update {
            $0["pumps"]?.parent = "berlin"
            $0["berlin"]?.children = ["b1", "pumps"]
            $0["hamburg"]?.children = ["tower"]
        }
        driver.send(.invalidateParent(of: "pumps"))
        await driver.settle()
        #expect(driver.columnParents == ["", "plants", "berlin", "pumps"])
        #expect(driver.titles(1) == ["Hamburg", "Berlin", "Munich"])
        #expect(driver.titles(2) == ["B1", "Pumps"])
        #expect(driver.focusedID(2) == "pumps")
        #expect(driver.focusedID(3) == "p2")
        #expect(driver.state.navigation.focusedLevel == 3)
        #expect(driver.state.navigation.root == driver.state.store.handle(for: "plants"))
        for _ in 0..<3 { driver.send(.previousLevel) }
        await driver.settle()
        #expect(driver.state.navigation.focusedLevel == 0, "← reaches the root again")
        #expect(driver.state.message == nil)
        let hamburg = driver.state.store.handle(for: "hamburg")!
        let listed = driver.state.store[hamburg].children.map { _ in driver.state.store.children(of: hamburg).map { driver.state.store[$0].id } }
        #expect(listed == nil || listed == ["tower"], "the former siblings' list is read again")
    }

    /// Moved deeper (under its former sibling) and shallower (under its grandparent).
    @Test(arguments: [("tower", ["", "plants", "hamburg", "tower", "pumps"]), ("plants", ["", "plants", "pumps"])])
    func anItemMovedDeeperOrShallowerKeepsThePathFromTheRoot(newParent: String, parents: [String]) async {
        let source = MutableSource(root: "plants", plantOutline)
        var driver = await driverOnP2(source)
        source.update {
            $0["pumps"]?.parent = newParent
            $0[newParent]?.children = (newParent == "tower" ? ["fan"] : ["hamburg", "berlin", "munich"]) + ["pumps"]
            $0["hamburg"]?.children = newParent == "tower" ? ["tower"] : ["tower"]
        }
        driver.send(.invalidateParent(of: "pumps"))
        await driver.settle()
        #expect(driver.columnParents == parents)
        #expect(driver.focusedID(parents.count - 1) == "p2")
        #expect(driver.focusedID(parents.count - 2) == "pumps")
        #expect(driver.state.navigation.root == driver.state.store.handle(for: "plants"))
    }

    /// A new parent the browser has never listed: its own parent is asked of the source, up to the root.
    @Test func anItemMovedUnderAParentNotSeenYetIsFollowedUpToTheRoot() async {
        let source = MutableSource(root: "plants", plantOutline + [("munich", ["annex"])])
        var driver = await driverOnP2(source)
        #expect(driver.state.store.handle(for: "annex") == nil)
        source.update {
            $0["annex"]?.children = ["pumps"]
            $0["pumps"]?.parent = "annex"
            $0["hamburg"]?.children = ["tower"]
        }
        driver.send(.invalidateParent(of: "pumps"))
        await driver.settle()
        #expect(driver.columnParents == ["", "plants", "munich", "annex", "pumps"])
        #expect(driver.focusedID(4) == "p2")
    }

    /// A new parent outside the root: the item's path starts at its new parent, as before.
    @Test func anItemMovedOutsideTheRootStartsAPathUnderItsNewParent() async {
        let source = MutableSource(root: "plants", plantOutline)
        var driver = await driverOnP2(source)
        source.update {
            $0["pumps"]?.parent = "offices"
            $0["offices"]?.children = ["pumps"]
            $0["hamburg"]?.children = ["tower"]
        }
        driver.send(.invalidateParent(of: "pumps"))
        await driver.settle()
        #expect(driver.columnParents.prefix(2) == ["", "offices"])
        #expect(driver.state.navigation.root == driver.state.store.handle(for: "offices"))
    }

    @Test func aRemovedParentMakesTheItemTheRoot() async {
        let source = MutableSource(root: "plants", plantOutline)
        var driver = await driverOnP2(source)
        source.update { $0["pumps"]?.parent = nil }
        driver.send(.invalidateParent(of: "pumps"))
        await driver.settle()
        #expect(driver.columnParents == ["", "pumps"])
        #expect(driver.titles(0) == ["Pumps"])
        #expect(driver.focusedID(1) == "p2")
        #expect(driver.state.navigation.focusedLevel == 1)
        #expect(driver.state.mayHaveLevelBeforeFirst == false)
    }
}
