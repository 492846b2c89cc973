import ArborCore
import Testing

@Suite("Outline")
struct OutlineTests {
    /// The outline rows as `depth:id`.
    func rows(_ driver: Driver) -> [String] {
        driver.state.outline.rows.map { "\($0.depth):\(driver.state.store[$0.item].id)" }
    }

    func focusedID(_ driver: Driver) -> String? {
        driver.state.focusedItem.map { driver.state.store[$0].id }
    }

    func started(layout: Layout = .columns) async -> Driver {
        var driver = Driver(MutableSource(root: "plants", plantOutline))
        driver.send(.start)
        await driver.settle()
        if layout == .outline { driver.send(.setLayout(.outline)) }
        await driver.settle()
        return driver
    }

    @Test func switchingToTheOutlineKeepsTheFocusAndTheExpandedPath() async {
        var driver = await started()
        driver.send(.moveFocus(by: 0))
        driver.send(.expand)
        await driver.settle()
        driver.send(.moveFocus(by: 1))
        #expect(driver.focusedID(2) == "tower")
        driver.send(.toggleLayout)
        await driver.settle()
        #expect(driver.state.layout == .outline)
        #expect(rows(driver) == ["0:plants", "1:hamburg", "2:pumps", "2:tower", "1:berlin", "1:munich"])
        #expect(focusedID(driver) == "tower")
        driver.send(.toggleLayout)
        await driver.settle()
        #expect(driver.state.layout == .columns)
        #expect(driver.columnParents == ["", "plants", "hamburg"])
        #expect(driver.state.navigation.focusedLevel == 2)
        #expect(driver.focusedID(2) == "tower")
    }

    @Test func collapsingAndReExpandingRestoresEverySubLevel() async {
        var driver = await started(layout: .outline)
        #expect(rows(driver) == ["0:plants", "1:hamburg", "1:berlin", "1:munich"])
        #expect(focusedID(driver) == "hamburg", "the focus of the first frame is kept")
        driver.send(.nextLevel)
        await driver.settle()
        #expect(rows(driver) == ["0:plants", "1:hamburg", "2:pumps", "2:tower", "1:berlin", "1:munich"])
        driver.send(.nextLevel)
        #expect(focusedID(driver) == "pumps")
        driver.send(.expand)
        await driver.settle()
        driver.send(.moveFocus(by: 4))
        #expect(focusedID(driver) == "tower")
        driver.send(.expand)
        await driver.settle()
        let open = ["0:plants", "1:hamburg", "2:pumps", "3:p1", "3:p2", "3:p3", "2:tower", "3:fan", "1:berlin", "1:munich"]
        #expect(rows(driver) == open)
        driver.send(.moveFocus(by: -5))
        #expect(focusedID(driver) == "hamburg")
        driver.send(.previousLevel)
        #expect(rows(driver) == ["0:plants", "1:hamburg", "1:berlin", "1:munich"])
        #expect(driver.state.outline.lastChange == OutlineChange(start: 1, removed: 6, inserted: 0))
        #expect(driver.pending.isEmpty)
        driver.send(.expand)
        #expect(driver.pending.isEmpty, "re-expanding asks the source for nothing")
        #expect(rows(driver) == open)
        #expect(driver.state.outline.lastChange == OutlineChange(start: 1, removed: 0, inserted: 6))
        #expect(driver.state.outline.lastChange?.changedRows == 1..<8)
    }

    @Test func collapsingWhileTheFocusIsInsideMovesItToTheCollapsedRow() async {
        var driver = await started(layout: .outline)
        driver.send(.nextLevel)
        await driver.settle()
        driver.send(.moveFocus(by: 2))
        #expect(focusedID(driver) == "tower")
        driver.send(.previousLevel)
        #expect(focusedID(driver) == "hamburg", "a collapsed row's Left goes to its parent")
        driver.send(.previousLevel)
        #expect(rows(driver) == ["0:plants", "1:hamburg", "1:berlin", "1:munich"])
        driver.send(.previousLevel)
        #expect(focusedID(driver) == "plants")
        driver.send(.moveFocus(by: 1))
        driver.send(.moveFocus(by: -1))
        driver.send(.expand)
        #expect(rows(driver) == ["0:plants"])
        #expect(focusedID(driver) == "plants")
        driver.send(.previousLevel)
        #expect(driver.state.message == "top of the hierarchy")
    }

    @Test func leavesExpandToNothingAndRowsBelowShiftWithTheFocus() async {
        var driver = await started(layout: .outline)
        driver.send(.last)
        #expect(focusedID(driver) == "munich")
        driver.send(.nextLevel)
        await driver.settle()
        #expect(driver.state.message == "no children")
        driver.send(.first)
        driver.send(.moveFocus(by: 2))
        driver.send(.expand)
        await driver.settle()
        #expect(rows(driver) == ["0:plants", "1:hamburg", "1:berlin", "2:b1", "1:munich"])
        driver.send(.pageDown)
        #expect(focusedID(driver) == "munich")
        driver.send(.pageUp)
        #expect(focusedID(driver) == "plants")
    }

    @Test func anOutlineStartedBeforeTheRootArrivesFillsInAsItLoads() async {
        var driver = Driver(MutableSource(root: "plants", virtual: true, plantOutline))
        driver.send(.setLayout(.outline))
        driver.send(.start)
        await driver.settle()
        #expect(rows(driver) == ["0:hamburg", "0:berlin", "0:munich"])
        driver.send(.expand)
        #expect(rows(driver) == ["0:hamburg", "0:berlin", "0:munich"], "children still loading")
        await driver.settle()
        #expect(rows(driver) == ["0:hamburg", "1:pumps", "1:tower", "0:berlin", "0:munich"])
        #expect(driver.state.outline.lastChange == OutlineChange(start: 0, removed: 0, inserted: 2))
        #expect(driver.state.pathToFocus.map { driver.state.store[$0].id } == ["hamburg"])
    }

    @Test func revealAndReloadInTheOutlineOpenTheAncestorsOfTheTarget() async {
        var driver = await started(layout: .outline)
        driver.send(.reveal(path: ["plants", "hamburg", "tower", "fan"]))
        await driver.settle()
        #expect(focusedID(driver) == "fan")
        #expect(rows(driver) == ["0:plants", "1:hamburg", "2:pumps", "2:tower", "3:fan", "1:berlin", "1:munich"])
        #expect(driver.state.pathToFocus.map { driver.state.store[$0].id } == ["plants", "hamburg", "tower", "fan"])
        driver.send(.reloadAll)
        await driver.settle()
        #expect(driver.state.layout == .outline)
        #expect(focusedID(driver) == "fan")
        driver.send(.invalidateChildren(of: "tower"))
        await driver.settle()
        #expect(focusedID(driver) == "fan")
    }

    @Test func aReloadOpensOnlyThePathToTheFocusAgain() async {
        let source = MutableSource(root: "plants", plantOutline)
        var driver = Driver(source)
        driver.send(.start)
        await driver.settle()
        driver.send(.setLayout(.outline))
        #expect(focusedID(driver) == "hamburg")
        driver.send(.moveFocus(by: 1))
        driver.send(.expand)
        await driver.settle()
        driver.send(.moveFocus(by: -1))
        #expect(rows(driver) == ["0:plants", "1:hamburg", "1:berlin", "2:b1", "1:munich"])
        #expect(focusedID(driver) == "hamburg")
        source.setChildren(of: "plants", ["munich", "hamburg", "berlin"])
        driver.send(.reloadAll)
        await driver.settle()
        #expect(focusedID(driver) == "hamburg")
        #expect(rows(driver) == ["0:plants", "1:munich", "1:hamburg", "1:berlin"], "items read anew are not taken for the ones open before")
        #expect(driver.state.openItems.map { driver.state.store[$0].id } == ["plants"])
    }

    @Test func removedChildrenLeaveTheOutline() async {
        let source = MutableSource(root: "plants", plantOutline)
        var driver = Driver(source)
        driver.send(.start)
        await driver.settle()
        driver.send(.setLayout(.outline))
        source.setChildren(of: "plants", ["hamburg", "munich"])
        driver.send(.removeChildren(of: "plants", at: [1]))
        #expect(rows(driver) == ["0:plants", "1:hamburg", "1:munich"])
    }
}

@Suite("Outline after source changes")
struct OutlineChangeTests {
    @Test func aFocusedRowThatDisappearsHandsTheFocusToItsParent() async {
        let source = MutableSource(root: "plants", plantOutline)
        var driver = Driver(source)
        driver.send(.start)
        await driver.settle()
        driver.send(.reveal(path: ["plants", "hamburg", "pumps", "p2"]))
        await driver.settle()
        driver.send(.setLayout(.outline))
        #expect(driver.state.focusedItem == driver.state.store.handle(for: "p2"))
        source.setChildren(of: "pumps", ["p1", "p3"])
        driver.send(.removeChildren(of: "pumps", at: [1]))
        #expect(driver.state.focusedItem == driver.state.store.handle(for: "pumps"))
        #expect(driver.state.outline.rows.count == 8)
    }
}
