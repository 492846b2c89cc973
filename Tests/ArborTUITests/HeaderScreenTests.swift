import ArborCore
import ArborSources
import ArborTUI
import Testing

@Suite("Object header")
struct HeaderScreenTests {
    /// A virtual root over three jobs with 0, 3 and 5 tags.
    func jobs() -> StaticHierarchy {
        let description = "Temperature sensor predicts overheating failure in 4 days. Urgent and needs attention before the weekend shift."
        func job(_ id: String, _ tags: [String]) -> StaticHierarchy.Node {
            StaticHierarchy.Node(id: id, content: ItemContent(
                title: "Inspect Electric Pump Motor \(id)", subtitle: "Job 819701", body: "1000-Hamburg, MECHANIK",
                footnote: "Due on 12/31", description: description, tags: tags, status: "High", substatus: "Overdue"), parent: 0)
        }
        return StaticHierarchy(displayName: "jobs", nodes: [
            StaticHierarchy.Node(id: "root", content: ItemContent(title: "Jobs"), children: [1, 2, 3]),
            job("J0", []),
            job("J3", ["Started", "PM01", "103-Repair"]),
            job("J5", ["Started", "PM01", "103-Repair", "Extra", "More"]),
        ], rootIndex: 0, rootIsVirtual: true)
    }

    @Test(arguments: [(0, "J0"), (1, "J3"), (2, "J5")])
    func regularWidth(position: Int, id: String) async {
        var driver = await ScreenDriver(jobs(), name: "jobs", width: 120, height: 40)
        for _ in 0..<position { await driver.press(.down) }
        await driver.press(.character("i"))
        Snapshot.expect(driver.controller.render(), matches: "header-120x40-\(id)")
        let lines = driver.lines
        #expect(lines[1].contains("Inspect Electric Pump Motor \(id)"))
        #expect(lines[1].hasSuffix("High "))
        #expect(lines[2].hasSuffix("Overdue "))
        #expect(lines[1].contains("│ Temperature sensor"), "the description is beside the main block")
        #expect(lines[6].allSatisfy { $0 == "─" })
        #expect(lines[7].hasPrefix("┌"), "the columns start under the header")
        if id != "J0" { #expect(lines[3].contains("[Started] [PM01] [103-Repair]")) }
        #expect(!lines[3].contains("[Extra]"), "three tags at most")
        await driver.press(.character("i"))
        #expect(driver.lines[1].hasPrefix("┌"))
    }

    @Test(arguments: [(0, "J0"), (1, "J3"), (2, "J5")])
    func compactWidthPagesWithTab(position: Int, id: String) async {
        var driver = await ScreenDriver(jobs(), name: "jobs", width: 40, height: 20)
        for _ in 0..<position { await driver.press(.down) }
        await driver.press(.character("i"))
        Snapshot.expect(driver.controller.render(), matches: "header-40x20-\(id)")
        #expect(driver.lines[1].contains("Inspect Electric"))
        #expect(driver.lines[5].contains("● ○ ○  Tab"))
        await driver.press(.tab)
        #expect(driver.lines[1].contains("1000-Hamburg, MECHANIK"))
        #expect(driver.lines[5].contains("○ ● ○"))
        await driver.press(.tab)
        Snapshot.expect(driver.controller.render(), matches: "header-40x20-\(id)-description")
        #expect(driver.lines[1].contains("Temperature sensor"))
        await driver.press(.tab)
        #expect(driver.lines[1].contains("Inspect Electric"))
        #expect(driver.controller.state.navigation.focusedLevel == 0)
    }

    @Test func theHeaderFollowsTheFocusAndGivesWayOnShortTerminals() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant", width: 100, height: 30)
        await driver.press(.character("i"))
        #expect(driver.lines[1].contains("Hamburg Plant"))
        await driver.press(.down)
        #expect(driver.lines[1].contains("Berlin Plant"))
        await driver.press(.character("o"))
        #expect(driver.lines[1].contains("Berlin Plant"), "the outline keeps the header")
        #expect(driver.lines[7].contains("Plants"))
        await driver.resize(width: 100, height: 12)
        #expect(driver.lines[1].contains("▾ Plants"), "no room for the header in 12 rows")
    }

    @Test func wrappingKeepsWordsAndMarksWhatIsLeftOut() {
        #expect(TextWrap.lines("one two three four", width: 9, maxLines: 3) == ["one two", "three", "four"])
        #expect(TextWrap.lines("one two three four", width: 9, maxLines: 1) == ["one two…"])
        #expect(TextWrap.lines("", width: 9, maxLines: 2) == [])
    }

    /// The seed's remaining header parts (issue 68, item 8): the program's split, rows that follow the content,
    /// a detail drawn by the program, and in compact width the description on the first page when there are no
    /// tags, body or footnote.
    @Test func theSplitRowsThatFollowTheContentAndAProgramsDetail() async {
        var screen = BrowserScreen(sourceName: "jobs", cellRenderer: LoadDetail())
        screen.headerLayout = HeaderLayout(splitPercent: 30, rows: nil)
        var driver = await ScreenDriver(jobs(), name: "jobs", width: 120, height: 40, screen: screen)
        await driver.press(.character("i"))
        let lines = driver.lines
        let bar = lines[1].firstIndex(of: "│").map { lines[1].distance(from: lines[1].startIndex, to: $0) }
        #expect(bar == 34, "30% of the 110 cells left of the status, then the separator: \(lines[1])")
        #expect(lines[1].contains("│ load 80% ▇▇▇▇▇▇▇▇") && !lines.joined().contains("Temperature sensor"), "the detail in place of the description")
        #expect(lines[4].contains("Due on 12/31") && lines[5].allSatisfy { $0 == "─" }, "four rows for four parts, no empty tag row")
        #expect(lines[6].hasPrefix("┌"))
        var short = BrowserScreen(sourceName: "notes")
        short.headerLayout = HeaderLayout(rows: nil)
        var notes = await ScreenDriver(Self.notes(), name: "notes", width: 40, height: 20, screen: short)
        await notes.press(.character("i"))
        #expect(notes.lines[1].contains("Note") && notes.lines[2].contains("Kept for the record"), "\(notes.lines)")
        #expect(!notes.lines.joined().contains("Tab"), "one page: the description with the title")
        #expect(notes.lines[3].allSatisfy { $0 == "─" }, "two rows of text: \(notes.lines)")
    }

    /// One note of a title and a description only.
    static func notes() -> StaticHierarchy {
        StaticHierarchy(displayName: "notes", nodes: [
            StaticHierarchy.Node(id: "root", content: ItemContent(title: "Notes"), children: [1]),
            StaticHierarchy.Node(id: "n", content: ItemContent(title: "Note", description: "Kept for the record"), parent: 0),
        ], rootIndex: 0, rootIsVirtual: true)
    }
}

/// A program's detail in the header: the load of a job as a bar.
private struct LoadDetail: CellRenderer {
    func drawHeaderDetail(_ cell: CellContext, on canvas: inout CellCanvas) -> Bool {
        canvas.write("load 80% " + String(repeating: "▇", count: 8), x: 1, y: 0, look: RoleLook(foreground: .index(2)))
        return true
    }
}
