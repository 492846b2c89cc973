import ArborCore
import ArborSources
import ArborTUI
import Testing

@Suite("Mouse events decoded into actions")
struct MouseTests {
    func titleOfFocus(_ driver: ScreenDriver) -> String? {
        driver.controller.state.focusedItem.map { driver.controller.state.store[$0].title }
    }

    func click(_ x: Int, _ y: Int) -> Key { .mouse(MouseEvent(.press, x: x, y: y)) }

    @Test func aClickFocusesAndAClickOnTheIconExpands() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant", width: 120, height: 40, cellMode: .full)
        let second = driver.controller.screen.layout(for: driver.controller.state, width: 120, height: 40).columns[1].x + 5
        await driver.press(click(second, 6))
        #expect(titleOfFocus(driver) == "Berlin Plant")
        #expect(driver.controller.state.navigation.levels.count == 2)
        await driver.press(click(second, 5))
        #expect(titleOfFocus(driver) == "Berlin Plant", "a separator row belongs to no item")
        await driver.press(click(driver.lines[2].distance(of: "▷ 4"), 2))
        #expect(driver.controller.state.navigation.levels.count == 3, "the icon of Hamburg Plant expands it")
        #expect(driver.controller.state.navigation.focusedLevel == 2)
        #expect(titleOfFocus(driver) == "Pump Station A-100")
        await driver.press(click(5, 2))
        #expect(driver.controller.state.navigation.focusedLevel == 0)
        await driver.press(click(5, 30))
        #expect(driver.controller.state.navigation.focusedLevel == 0, "below the items: the column, focus unchanged")
        await driver.press(click(100, 0))
        #expect(driver.controller.state.navigation.focusedLevel == 0, "the header line is no target")
    }

    /// The default cells of a directory or a tree: the focused one on three lines, the others on one.
    @Test func aClickFindsItsItemAroundTheFocusedCellOfThreeLines() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant", width: 120, height: 40)
        let second = driver.controller.screen.layout(for: driver.controller.state, width: 120, height: 40).columns[1].x + 5
        #expect(titleOfFocus(driver) == "Hamburg Plant")
        await driver.press(click(second, 5))
        #expect(titleOfFocus(driver) == "Berlin Plant", "the line under the focused cell of three")
        await driver.press(click(second, 5))
        #expect(titleOfFocus(driver) == "Berlin Plant", "the last line of the cell now focused")
        await driver.press(click(second, 2))
        #expect(titleOfFocus(driver) == "Hamburg Plant", "the line above it")
        await driver.press(click(second, 6))
        #expect(titleOfFocus(driver) == "Munich Plant", "the second line under Hamburg's cell of three")
        #expect(driver.lines[4].contains("Munich Plant"), "its cell drawn from the fourth row, under one line each")
    }

    @Test func theWheelMovesTheFocusOfTheColumnUnderThePointer() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant", width: 120, height: 40, cellMode: .single)
        await driver.press(.enter)
        #expect(driver.controller.state.navigation.focusedLevel == 2)
        let second = driver.controller.screen.layout(for: driver.controller.state, width: 120, height: 40).columns[1].x + 5
        await driver.press(.mouse(MouseEvent(.wheelDown, x: second, y: 10)))
        #expect(driver.controller.state.navigation.focusedLevel == 1)
        #expect(titleOfFocus(driver) == "Munich Plant")
        let focused = driver.controller.screen.layout(for: driver.controller.state, width: 120, height: 40).columns[1].x + 5
        await driver.press(.mouse(MouseEvent(.wheelUp, x: focused, y: 10)))
        #expect(titleOfFocus(driver) == "Hamburg Plant")
    }

    @Test func breadcrumbArrowsChangeLevelInCompactWidth() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant", width: 40, height: 12, cellMode: .full)
        await driver.press(.enter)
        #expect(driver.controller.state.navigation.focusedLevel == 2)
        await driver.press(click(1, 1))
        #expect(driver.controller.state.navigation.focusedLevel == 1)
        await driver.press(click(39, 1))
        #expect(driver.controller.state.navigation.focusedLevel == 2)
        await driver.press(click(20, 1))
        #expect(driver.controller.state.navigation.focusedLevel == 2)
        await driver.press(click(3, 6))
        #expect(titleOfFocus(driver) == "Cooling Tower B-200")
    }

    @Test func inTheOutlineAClickFocusesARowAndOneOnItsMarkerTogglesIt() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant", width: 80, height: 24)
        await driver.press(.character("o"))
        let line = try #require(driver.lines.firstIndex { $0.contains("Berlin Plant") })
        await driver.press(click(20, line))
        #expect(titleOfFocus(driver) == "Berlin Plant")
        let marker = try #require(driver.lines[line].firstIndex(of: "▸")).utf16Offset(in: driver.lines[line])
        await driver.press(click(marker, line))
        #expect(driver.lines[line].contains("▾ Berlin Plant"))
        await driver.press(click(marker, line))
        #expect(driver.lines[line].contains("▸ Berlin Plant"))
        await driver.press(.mouse(MouseEvent(.wheelUp, x: 10, y: 10)))
        #expect(titleOfFocus(driver) == "Plants")
    }

    @Test func overlaysIgnoreTheMouse() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant", width: 120, height: 40)
        await driver.press(.character("?"), click(35, 6))
        #expect(titleOfFocus(driver) == "Hamburg Plant")
    }
}
