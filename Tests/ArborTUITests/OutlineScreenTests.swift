import ArborCore
import ArborSources
import ArborTUI
import Testing

@Suite("Outline on screen")
struct OutlineScreenTests {
    @Test func plantOutlineAt120x40() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant-maintenance.json", width: 120, height: 40)
        await driver.press(.enter, .down, .enter, .character("o"))
        Snapshot.expect(driver.controller.render(), matches: "outline-120x40")
        #expect(driver.controller.state.layout == .outline)
        #expect(driver.lines.contains { $0.contains("▾ Hamburg Plant") })
        await driver.press(.character("o"))
        #expect(driver.controller.state.layout == .columns)
        #expect(driver.controller.state.navigation.focusedLevel == 3, "back in columns, the focus is where the outline left it")
    }

    @Test func plantOutlineAt40x12() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant-maintenance.json", width: 40, height: 12)
        await driver.press(.character("o"), .right, .down, .right, .down)
        Snapshot.expect(driver.controller.render(), matches: "outline-40x12")
    }

    @Test func anExpandRedrawsOnlyTheRowsFromTheChangedOneDown() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant-maintenance.json", width: 100, height: 30)
        await driver.press(.character("o"), .down)
        let before = driver.lines
        await driver.press(.right)
        let after = driver.lines
        let change = try #require(driver.controller.state.outline.lastChange)
        let top = 1 - driver.controller.state.outline.scroll
        let changedLines = Set(before.indices.filter { before[$0] != after[$0] })
        let footer = before.count - 1
        #expect(!changedLines.isEmpty)
        #expect(changedLines.subtracting([footer]).allSatisfy { $0 >= top + change.start },
                "lines above the expanded row are untouched: \(changedLines.sorted()) vs row \(change.start)")
        await driver.press(.left)
        #expect(driver.lines == before.enumerated().map { $0.offset == footer ? driver.lines[footer] : $0.element })
    }

    @Test func startingInTheOutlineLayout() async throws {
        var controller = BrowserController(screen: BrowserScreen(sourceName: "plant"), layout: .outline)
        let performer = EffectPerformer(source: try plantSample())
        var queue = controller.start(width: 80, height: 24).sourceRequests
        while !queue.isEmpty { queue += controller.effects(of: await performer.perform(queue.removeFirst())) }
        let lines = controller.render().lines
        #expect(lines[1].contains("▾ Plants"))
        #expect(lines[2].contains("├─▸ Hamburg Plant"))
        #expect(lines.last?.contains("1 of 4") == true, "the outline opens on the root row")
        #expect(lines[1].hasPrefix("▌"))
    }
}
