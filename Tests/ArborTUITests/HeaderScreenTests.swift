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
}
