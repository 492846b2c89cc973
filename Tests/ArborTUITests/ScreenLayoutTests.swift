import ArborCore
import ArborTUI
import Testing

@Suite("One layout per frame for painting, the mouse and the help")
struct ScreenLayoutTests {
    @Test func columnsShareTheWidthAndTheLastTakesWhatIsLeft() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant", width: 100, height: 30)
        await driver.press(.enter, .enter)
        let layout = driver.controller.screen.layout(for: driver.controller.state, width: 100, height: 30)
        #expect(layout.columns.map(\.x) == [0, 33, 66])
        #expect(layout.columns.map(\.width) == [33, 33, 34])
        #expect(layout.columns.map(\.right) == [32, 65, 99])
        #expect(layout.column(at: 40)?.column == layout.columns[1].column)
        #expect(layout.breadcrumbRow == nil)
        #expect(layout.footerRow == 29)
        let lines = driver.lines
        for place in layout.columns { #expect(Array(lines[1])[place.x] == "┌", "a box starts at \(place.x)") }
    }

    @Test func aNarrowScreenHasOneColumnUnderTheBreadcrumb() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant", width: 40, height: 12)
        await driver.press(.enter)
        let layout = driver.controller.screen.layout(for: driver.controller.state, width: 40, height: 12)
        #expect(layout.columns.count == 1 && layout.columns[0].column == driver.controller.state.focusedColumn)
        #expect(layout.column(at: 39)?.x == 0)
        #expect(layout.breadcrumbRow == 1)
        #expect(driver.lines[1].contains("‹"))
    }

    @Test func theHelpPagesByTheRoomItsBoxHas() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant", width: 80, height: 12)
        let room = driver.controller.screen.layout(for: driver.controller.state, width: 80, height: 12).helpRoom
        #expect(room == 8)
        await driver.press(.character("?"), .end)
        for _ in 0..<100 { await driver.press(.pageDown) }
        #expect(driver.controller.chrome.helpScroll == KeyMap.standard.bindings.count - room)
    }
}
