import ArborCore
import ArborTUI
import Testing

@Suite("One layout per frame for painting, the mouse and the help")
struct ScreenLayoutTests {
    @Test func columnsShareTheWholeWidthSideBySide() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant", width: 100, height: 30)
        await driver.press(.enter, .enter)
        let layout = driver.controller.screen.layout(for: driver.controller.state, width: 100, height: 30)
        #expect(layout.columns.count == 3 && layout.columns.first?.x == 0 && layout.columns.last?.right == 99)
        for (left, right) in zip(layout.columns, layout.columns.dropFirst()) {
            #expect(right.x == left.x + left.width && left.right == right.x - 1)
        }
        #expect(layout.columns.map(\.width).reduce(0, +) == 100)
        #expect(layout.column(at: layout.columns[1].x + 3)?.column == layout.columns[1].column)
        #expect(layout.breadcrumbRow == nil)
        #expect(layout.footerRow == 29)
        let lines = driver.lines
        for place in layout.columns { #expect(Array(lines[1])[place.x] == "┌", "a box starts at \(place.x)") }
    }

    @Test func aNarrowScreenHasOneColumnUnderTheBreadcrumb() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant", width: 40, height: 12)
        await driver.press(.enter)
        let layout = driver.controller.screen.layout(for: driver.controller.state, width: 40, height: 12)
        #expect(layout.columns.count == 1 && layout.columns[0].column == driver.controller.state.navigation.focusedLevel)
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
        #expect(screen.target(at: place.iconLeft, y: row, state: state, layout: layout)
            == .item(column: place.column, index: state.navigation.levels[place.column].scroll, onIcon: true))
        #expect(screen.target(at: place.iconLeft - 1, y: row, state: state, layout: layout)
            == .item(column: place.column, index: state.navigation.levels[place.column].scroll, onIcon: false))
    }

    @Test func widthsFollowNeedAndHoldWhileTheFocusMovesWithinAColumn() async throws {
        var nodes = [StaticHierarchy.Node(id: "", content: ItemContent(title: "top"), children: [1, 2]),
                     StaticHierarchy.Node(id: "s0", content: ItemContent(title: "s0"), children: (3..<33).map { Int32($0) }, parent: 0),
                     StaticHierarchy.Node(id: "s1", content: ItemContent(title: "s1"), parent: 0)]
        for index in 0..<30 {
            nodes.append(StaticHierarchy.Node(id: "l\(index)", content: ItemContent(title: "AllSheetsFilterScopeConfiguration\(index)"),
                                              children: index == 0 ? [33] : [], parent: 1))
        }
        nodes.append(StaticHierarchy.Node(id: "s2", content: ItemContent(title: "s2"), parent: 3))
        let source = StaticHierarchy(displayName: "t", nodes: nodes, rootIndex: 0, rootIsVirtual: true)
        var driver = await ScreenDriver(source, name: "t", width: 120, height: 30, cellMode: .single)
        await driver.press(.enter)
        var layout = driver.controller.screen.layout(for: driver.controller.state, width: 120, height: 30)
        #expect(layout.columns.count == 2 && layout.columns.map(\.width).reduce(0, +) == 120, "two columns fill the screen")
        #expect(driver.lines.contains { $0.contains("AllSheetsFilterScopeConfiguration0") }, "a long title is whole")
        let widths = layout.columns.map(\.width)
        #expect(widths[1] >= DisplayWidth.of("AllSheetsFilterScopeConfiguration10") + 12, "the focused column has room for its titles")
        for _ in 0..<12 {
            await driver.press(.down)
            layout = driver.controller.screen.layout(for: driver.controller.state, width: 120, height: 30)
            #expect(layout.columns.map(\.width) == widths, "nothing jumps while moving within a column")
        }
        await driver.press(.home, .enter)
        layout = driver.controller.screen.layout(for: driver.controller.state, width: 120, height: 30)
        #expect(layout.columns.count == 3)
        #expect(layout.columns[1].width < widths[1], "a column left behind narrows")
        #expect(layout.columns.map(\.width).reduce(0, +) == 120)
    }
}
