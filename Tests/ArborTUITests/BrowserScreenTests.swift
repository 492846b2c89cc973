import ArborCore
import ArborSources
import ArborTUI
import Testing

@Suite("Rendered screens")
struct BrowserScreenTests {
    @Test func plantAt120x40() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant-maintenance.json", width: 120, height: 40)
        await driver.press(.enter, .down, .enter)
        Snapshot.expect(driver.controller.render(), matches: "plant-120x40")
    }

    @Test func plantAt80x24() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant-maintenance.json", width: 80, height: 24)
        await driver.press(.enter, .down, .enter, .enter)
        Snapshot.expect(driver.controller.render(), matches: "plant-80x24")
        #expect(driver.controller.state.navigation.levelOffset == 3)
    }

    @Test func plantAt40x12ShowsTheBreadcrumb() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant-maintenance.json", width: 40, height: 12)
        await driver.press(.enter)
        Snapshot.expect(driver.controller.render(), matches: "plant-40x12")
        #expect(driver.lines[1].hasPrefix(" ‹"))
        #expect(driver.lines[1].contains("Hamburg Plant"))
        #expect(!driver.lines[1].contains("›"))
        await driver.press(.left)
        #expect(driver.lines[1].contains("Plants"))
        #expect(driver.lines[1].hasSuffix("› "))
    }

    @Test func wideCharactersInSingleLineCells() async throws {
        let cities = try JSONTreeReader.open(path: samplePath("world-cities.json"))
        var driver = await ScreenDriver(cities, name: "world-cities.json", width: 80, height: 24)
        await driver.press(.enter, .down, .down, .enter)
        Snapshot.expect(driver.controller.render(), matches: "cities-80x24")
        #expect(driver.lines[2].contains("Japan · 日本"))
    }

    @Test func theHelpOverlayFitsTerminalsOfAFewRows() async throws {
        for height in 1...5 {
            var driver = await ScreenDriver(try plantSample(), name: "plant", width: 40, height: height)
            await driver.press(.character("?"))
            #expect(driver.lines.count == height, "found by fuzzing: a 3-row terminal crashed the help")
        }
    }

    @Test func theHelpOverlayListsEveryBinding() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant-maintenance.json", width: 80, height: 16)
        await driver.press(.character("?"))
        var text = driver.lines.joined(separator: "\n")
        #expect(text.contains("↑↓ scroll"), "16 rows cannot hold every binding")
        for _ in KeyMap.standard.bindings {
            await driver.press(.down)
            text += driver.lines.joined(separator: "\n")
        }
        for binding in KeyMap.standard.bindings {
            #expect(text.contains(binding.command.summary))
        }
        for _ in 0...(KeyMap.standard.bindings.count / 10) { await driver.press(.pageUp) }
        #expect(driver.lines.joined().contains(KeyMap.standard.bindings[0].command.summary))
        await driver.press(.escape)
        #expect(!driver.lines.joined().contains("Keys"))
    }

    @Test func focusedCellIsHighlightedAndExpandedIconSelected() async throws {
        let driver = await ScreenDriver(try plantSample(), name: "plant-maintenance.json", width: 120, height: 40)
        let grid = driver.controller.render()
        let row = driver.lines.firstIndex { $0.contains("Hamburg Plant") }!
        let titleX = driver.lines[row].distance(of: "Hamburg Plant")
        #expect(grid[titleX, row].style == CellStyle(.title, highlighted: true))
        let rootRow = driver.lines.firstIndex { $0.contains("▶ 3") }!
        #expect(grid[driver.lines[rootRow].distance(of: "▶ 3"), rootRow].style.role == .selectedIcon)
        let berlinRow = driver.lines.firstIndex { $0.contains("Berlin Plant") }!
        #expect(driver.lines[berlinRow].contains("▷ 4"))
    }

    @Test func leavesHaveNoIconAndLoadingColumnsSaySo() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "p", width: 120, height: 40, cellMode: .single)
        await driver.press(.enter, .enter, .enter)
        let leafRow = driver.lines.firstIndex { $0.contains("Impeller") }!
        let leafCell = driver.lines[leafRow].split(separator: "│").first { $0.contains("Impeller") }!
        #expect(!leafCell.contains("▷"))
        var loading = BrowserController(screen: BrowserScreen(sourceName: "slow"))
        _ = loading.start(width: 60, height: 10)
        #expect(loading.render().lines[2].contains("loading…"))
        #expect(loading.render().lines[9].contains("⠋ loading…"))
        #expect(loading.isLoading)
        loading.tick = 1
        #expect(loading.render().lines[9].contains("⠙ loading…"))
    }
}

@Suite("Pending counts")
struct PendingCountScreenTests {
    @Test func aCountBeingCountedShowsTheSpinnerInItsCell() async throws {
        var controller = BrowserController(screen: BrowserScreen(sourceName: "fs", cellMode: .single))
        let source = CountingLater()
        let performer = EffectPerformer(source: source)
        var queue = controller.start(width: 60, height: 10).sourceRequests
        var counting: [BrowserEffect] = []
        while !queue.isEmpty {
            let effect = queue.removeFirst()
            if case .countChildren = effect { counting.append(effect); continue }
            queue += controller.effects(of: await performer.perform(effect))
        }
        #expect(controller.render().lines.contains { $0.contains(/▌dir +▷ ⠋/) })
        for effect in counting { _ = controller.effects(of: await performer.perform(effect)) }
        #expect(controller.render().lines.contains { $0.contains(/▌dir +▷ 3/) })
    }
}

/// One directory whose listing leaves its count unknown.
struct CountingLater: BackgroundCounting {
    var displayName: String { "fs" }
    func root() async throws -> SourceRoot? { SourceRoot(id: "", isVirtual: true) }
    func numberOfChildren(of id: String) async throws -> Int? { id == "dir" ? 3 : 1 }
    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] { [] }
    func parentID(of id: String) async throws -> String? { nil }
    func item(_ id: String) async throws -> SourceItem { SourceItem(id: id, content: ItemContent(title: id), childCount: nil) }
    func children(of id: String) async throws -> [SourceItem] {
        [SourceItem(id: "dir", content: ItemContent(title: "dir"), childCount: nil)]
    }
}

extension String {
    /// The cell column where a substring starts (wide characters count two).
    func distance(of part: String) -> Int {
        guard let range = range(of: part) else { return -1 }
        return DisplayWidth.of(String(self[..<range.lowerBound]))
    }
}
