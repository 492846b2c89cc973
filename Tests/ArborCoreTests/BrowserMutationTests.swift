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

    @Test func invalidatedParentRebuildsThePathUnderTheNewParent() async {
        let source = MutableSource(root: "plants", plantOutline)
        var driver = await driverOnP2(source)
        source.update {
            $0["pumps"]?.parent = "berlin"
            $0["berlin"]?.children = ["b1", "pumps"]
            $0["hamburg"]?.children = ["tower"]
        }
        driver.send(.invalidateParent(of: "pumps"))
        await driver.settle()
        #expect(driver.columnParents == ["", "berlin", "pumps"])
        #expect(driver.titles(0) == ["Berlin"])
        #expect(driver.titles(1) == ["B1", "Pumps"])
        #expect(driver.focusedID(1) == "pumps")
        #expect(driver.focusedID(2) == "p2")
        #expect(driver.state.navigation.focusedLevel == 2)
        #expect(driver.state.navigation.root == driver.state.store.handle(for: "berlin"))
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
