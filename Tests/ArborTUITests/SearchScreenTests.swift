import ArborCore
import ArborSources
import ArborTUI
import Testing

@Suite("Search on screen")
struct SearchScreenTests {
    func type(_ text: String) -> [Key] { text.map { Key.character($0) } }

    @Test func slashFiltersAsYouTypeHighlightsTheMatchAndEscRestores() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant", width: 120, height: 40, cellMode: .full)
        await driver.press(.enter)
        for key in [Key.character("/")] + type("boil") { await driver.press(key) }
        let lines = driver.lines
        #expect(lines.last?.hasPrefix(" /boil█") == true, "\(lines.last ?? "")")
        #expect(lines.filter { $0.contains("Functional location") }.count == 1, "only Boiler House is left")
        let grid = driver.controller.render()
        let row = try #require(lines.firstIndex { $0.contains("Boiler House C-300") })
        let x = try #require(lines[row].range(of: "Boiler")).lowerBound.utf16Offset(in: lines[row])
        #expect(grid[x + 1, row].style.role == .match, "the matched text is highlighted")
        #expect(grid[x + 4, row].style.role != .match)
        await driver.press(.backspace)
        #expect(driver.lines.last?.hasPrefix(" /boi█") == true)
        await driver.press(.escape)
        #expect(driver.lines.filter { $0.contains("Functional location") }.count == 4)
        #expect(driver.controller.state.focusedItem.map { driver.controller.state.store[$0].title } == "Boiler House C-300",
                "the column comes back with the focus kept")
        await driver.press(.escape)
        #expect(driver.controller.state.navigation.levels.count == 3, "a second Esc is not swallowed by the filter")
    }

    @Test func aQueryGivenAtStartFiltersTheFirstColumnOnceItLoads() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant", width: 120, height: 40, query: "^berlin")
        #expect(driver.lines.last?.hasPrefix(" /^berlin█") == true, "\(driver.lines.last ?? "")")
        let state = driver.controller.state
        #expect(state.navigation.levels[state.navigation.focusedLevel].filter?.matches.map { state.store[$0].title } == ["Berlin Plant"])
        await driver.press(.enter, .enter)
        #expect(driver.controller.state.navigation.levels.count == 3, "Enter accepts the filter, then expands")
    }

    @Test func findHighlightsWholeCharactersOfNonASCIITitles() async throws {
        let nodes = [
            StaticHierarchy.Node(id: "", content: ItemContent(title: "root"), children: [1]),
            StaticHierarchy.Node(id: "s", content: ItemContent(title: "Große Straße"), parent: 0),
        ]
        var driver = await ScreenDriver(StaticHierarchy(displayName: "t", nodes: nodes, rootIndex: 0, rootIsVirtual: true),
                                        name: "t", width: 80, height: 20)
        for key in [Key.character("F")] + type("straße") { await driver.press(key) }
        let lines = driver.lines
        let row = try #require(lines.firstIndex { $0.contains("Große Straße") && !$0.contains("┌") })
        let x = try #require(lines[row].range(of: "Große Straße")).lowerBound.utf16Offset(in: lines[row])
        let grid = driver.controller.render()
        let roles = (0..<12).map { grid[x + $0, row].style.role == .match }
        #expect(roles == [false, false, false, false, false, false, true, true, true, true, true, true], "\(roles)")
    }

    @Test func pageDownInTheFindBoxLandsOnTheMatchRightAfterTheLastOneShown() async throws {
        let nodes = [StaticHierarchy.Node(id: "", content: ItemContent(title: "root"), children: Array(1...100))]
            + (1...100).map { StaticHierarchy.Node(id: "v\($0)", content: ItemContent(title: "valve \($0 + 100)"), parent: 0) }
        var driver = await ScreenDriver(StaticHierarchy(displayName: "t", nodes: nodes, rootIndex: 0, rootIsVirtual: true),
                                        name: "t", width: 120, height: 40)
        for key in [Key.character("F")] + type("valve") { await driver.press(key) }
        let hits = try #require(driver.controller.state.finding.open?.hits.map(\.title))
        #expect(hits.count == 100)
        let box = try #require(driver.controller.layout.findBox)
        let listed = driver.lines[(box.y + 1)..<(box.y + box.height - 1)]
        let shown = listed.compactMap { line in hits.firstIndex { line.contains("│ " + $0 + " ") } }
        let last = try #require(shown.max())
        #expect(shown.count > 20 && shown.count == last + 1, "the box lists the first matches: \(shown)")
        await driver.press(.pageDown)
        #expect(driver.controller.state.finding.open?.focus == last + 1, "PgDn lands on \(hits[last + 1]), right after the last shown")
        await driver.press(.pageUp)
        #expect(driver.controller.state.finding.open?.focus == 0)
    }

    @Test func colonGoesToAPlaceWithTabCompletingIt() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant", width: 120, height: 40)
        for key in [Key.character(":")] + type("ham") + [.tab] { await driver.press(key) }
        #expect(driver.lines.last?.hasPrefix(" go to: Hamburg Plant/█") == true, "\(driver.lines.last ?? "")")
        for key in type("cool") + [.tab, .enter] { await driver.press(key) }
        let state = driver.controller.state
        #expect(state.focusedItem.map { state.store[$0].title } == "Cooling Tower B-200")
        #expect(driver.controller.chrome.prompt == nil)
    }

    @Test func enterKeepsTheFilterAndNNRepeatTheSearch() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant", width: 120, height: 40)
        for key in [Key.character("/")] + type("plant") + [.enter] { await driver.press(key) }
        #expect(!driver.lines.last!.contains("█"))
        await driver.press(.escape)
        await driver.press(.character("n"))
        #expect(driver.controller.state.focusedItem.map { driver.controller.state.store[$0].title } == "Berlin Plant")
        await driver.press(.character("N"))
        #expect(driver.controller.state.focusedItem.map { driver.controller.state.store[$0].title } == "Hamburg Plant")
    }

    @Test func findListsEveryMatchAsItIsTypedAndEnterOpensTheChosenOne() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant", width: 120, height: 40)
        for key in [Key.character("F")] + type("valve") { await driver.press(key) }
        let listed = driver.lines.joined(separator: "\n")
        #expect(listed.contains("found for 'valve'"), "\(listed)")
        #expect(listed.contains("Control Valve Q-22  ‹ Plants › Hamburg Plant › Cooling Tower B-200"), "\(listed)")
        #expect(listed.contains("items searched"), "\(listed)")
        let lines = driver.lines
        let row = try #require(lines.firstIndex { $0.contains("Control Valve Q-22") })
        let x = try #require(lines[row].range(of: "Valve")).lowerBound.utf16Offset(in: lines[row])
        #expect(driver.controller.render()[x, row].style.role == .match, "the matched characters are highlighted")
        let valves = driver.controller.state.finding.open?.hits.map(\.title) ?? []
        let target = try #require(valves.firstIndex(of: "Control Valve Q-22"))
        for _ in 0..<target { await driver.press(.down) }
        await driver.press(.enter)
        let state = driver.controller.state
        #expect(state.focusedItem.map { state.store[$0].title } == "Control Valve Q-22")
        #expect(driver.lines.last?.contains("Plants › Hamburg Plant › Cooling Tower B-200 › Control Valve Q-22") == true)
        for key in [Key.character("F")] + type("nothing-like-this") { await driver.press(key) }
        #expect(driver.lines.joined().contains("nothing matches"))
        await driver.press(.enter)
        #expect(driver.controller.chrome.prompt != nil, "Enter with nothing found keeps the prompt")
        await driver.press(.escape)
        #expect(driver.controller.state.finding.open == nil && driver.controller.chrome.prompt == nil)
        await driver.press(.character("F"), .up)
        #expect(driver.lines.last?.hasPrefix(" find: nothing-like-this█") == true, "Up recalls the last query")
        await driver.press(.up)
        #expect(driver.lines.last?.hasPrefix(" find: valve█") == true)
        await driver.press(.down, .down)
        #expect(driver.lines.last?.hasPrefix(" find: █") == true, "Down past the latest query empties the prompt")
        await driver.press(.control("l"), .backspace)
        #expect(driver.controller.chrome.prompt == nil)
    }
}
