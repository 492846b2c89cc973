import ArborCore
import Testing

/// The columns and the outline show one navigation: what is done in one is what the other shows.
@Suite("One navigation, two layouts")
struct NavigationProjectionTests {
    func rows(_ driver: Driver) -> [String] {
        driver.state.outline.rows.map { "\($0.depth):\(driver.state.store[$0.item].id)" }
    }

    func path(_ driver: Driver) -> [String] {
        driver.state.pathToFocus.map { driver.state.store[$0].id }
    }

    func started() async -> Driver {
        var driver = Driver(MutableSource(root: "plants", plantOutline))
        driver.send(.start)
        await driver.settle()
        return driver
    }

    @Test func aColumnOpenBesideTheFocusClosesWithItsRowInTheOutline() async {
        var driver = await started()
        driver.send(.expand)
        await driver.settle()
        driver.send(.previousLevel)
        #expect(driver.columnParents == ["", "plants", "hamburg"])
        #expect(driver.state.navigation.focusedLevel == 1)
        driver.send(.setLayout(.outline))
        await driver.settle()
        #expect(rows(driver) == ["0:plants", "1:hamburg", "2:pumps", "2:tower", "1:berlin", "1:munich"])
        #expect(path(driver) == ["plants", "hamburg"])
        driver.send(.expand)
        #expect(rows(driver) == ["0:plants", "1:hamburg", "1:berlin", "1:munich"], "Enter on an open row closes it")
        driver.send(.setLayout(.columns))
        #expect(driver.columnParents == ["", "plants"], "the column it opened is closed too")
        #expect(path(driver) == ["plants", "hamburg"])
    }

    @Test func aJumpIntoAnotherBranchMakesTheLevelsItsAncestors() async {
        var driver = await started()
        driver.send(.setLayout(.outline))
        driver.send(.reveal(path: ["plants", "hamburg", "tower", "fan"]))
        await driver.settle()
        driver.send(.moveFocus(by: -2))
        #expect(path(driver) == ["plants", "hamburg", "pumps"])
        driver.send(.expand)
        await driver.settle()
        #expect(rows(driver) == ["0:plants", "1:hamburg", "2:pumps", "3:p1", "3:p2", "3:p3", "2:tower", "3:fan", "1:berlin", "1:munich"])
        driver.send(.focus(level: 0, index: 7))
        #expect(path(driver) == ["plants", "hamburg", "tower", "fan"])
        driver.send(.focus(level: 0, index: nil))
        #expect(path(driver) == ["plants", "hamburg", "tower", "fan"], "the outline has no column to focus")
        driver.send(.setLayout(.columns))
        #expect(driver.columnParents == ["", "plants", "hamburg", "tower"])
        #expect(driver.state.navigation.focusedLevel == 3)
        #expect(driver.focusedID(3) == "fan")
    }

    @Test func aFilteredColumnShowsWholeInTheOutline() async {
        var driver = await started()
        driver.send(.filter("munich"))
        #expect(driver.state.items(in: 1).count == 1)
        driver.send(.setLayout(.outline))
        await driver.settle()
        #expect(rows(driver) == ["0:plants", "1:hamburg", "1:berlin", "1:munich"])
        #expect(path(driver) == ["plants", "munich"])
        driver.send(.setLayout(.columns))
        #expect(driver.state.items(in: 1).count == 3, "the outline lists whole lists: the filter went")
        #expect(driver.focusedID(1) == "munich")
    }
}
