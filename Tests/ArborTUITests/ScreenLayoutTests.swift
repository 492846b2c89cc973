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

    @Test func theOverlaysAreDrawnInTheBoxesTheLayoutGives() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant", width: 90, height: 30)
        let layout = driver.controller.screen.layout(for: driver.controller.state, width: 90, height: 30)
        let help = try #require(layout.helpBox), find = try #require(layout.findBox)
        await driver.press(.character("?"))
        #expect(Array(driver.lines[help.y])[help.x] == "┌")
        #expect(Array(driver.lines[help.y + help.height - 1])[help.x + help.width - 1] == "┘")
        await driver.press(.escape, .character("F"))
        #expect(Array(driver.lines[find.y])[find.x] == "┌")
        #expect(Array(driver.lines[find.y + find.height - 1])[find.x + find.width - 1] == "┘")
        #expect(find.y + find.height <= layout.footerRow, "the find's box leaves the footer free")
    }

    @Test func aScreenTooSmallForAnOverlayHasNoBoxForIt() async throws {
        let driver = await ScreenDriver(try plantSample(), name: "plant", width: 9, height: 4)
        let layout = driver.controller.screen.layout(for: driver.controller.state, width: 9, height: 4)
        #expect(layout.findBox == nil)
        #expect(layout.helpRoom == 0)
    }

    @Test func theMouseFindsTheIconWhereTheLayoutPutsIt() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant", width: 100, height: 30)
        await driver.press(.enter)
        let state = driver.controller.state
        let layout = driver.controller.screen.layout(for: state, width: 100, height: 30)
        let place = layout.columns[0]
        let row = layout.metrics.contentTop
        let line = Array(driver.lines[row])
        let iconX = try #require((place.x..<place.right).last { line[$0] == "▶" || line[$0] == "▷" })
        #expect(iconX >= place.iconLeft)
        let screen = driver.controller.screen
        #expect(screen.target(at: place.iconLeft, y: row, state: state, header: false, width: 100, height: 30)
            == .item(column: place.column, index: state.columns[place.column].scroll, onIcon: true))
        #expect(screen.target(at: place.iconLeft - 1, y: row, state: state, header: false, width: 100, height: 30)
            == .item(column: place.column, index: state.columns[place.column].scroll, onIcon: false))
    }
}
