import ArborCore
import ArborSources
import ArborTUI
import Foundation
import Testing

@Suite("The preview pane: beside or below the list, following the focus")
struct PreviewPaneTests {
    func document(_ json: String) throws -> any HierarchySource {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-preview-\(UUID().uuidString.prefix(8)).json").path
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var request = SourceRequest(path: path)
        request.format = .document
        return try SourceOpener.open(request).hierarchy
    }

    func driver(_ source: any HierarchySource, width: Int = 120, height: Int = 30, window: String = "right:50%",
                command: String? = nil) async throws -> ScreenDriver {
        var driver = await ScreenDriver(source, name: "doc.json", width: width, height: height)
        var settings = ControllerSettings()
        settings.previewWindow = try PreviewWindow(parsing: window)
        settings.previewCommand = command
        driver.controller.configure(settings)
        await driver.resize(width: width, height: height)
        return driver
    }

    /// The text inside the pane's box, row by row.
    func paneText(_ driver: ScreenDriver) -> [String] {
        guard let box = driver.controller.layout.previewBox else { return [] }
        return driver.lines[(box.y + 1)..<(box.y + box.height - 1)].map { line in
            String(Array(line)[(box.x + 1)..<(box.x + box.width - 1)]).trimmingCharacters(in: .whitespaces)
        }
    }

    @Test func aMemberIsPrettyPrintedBesideTheColumnsAndFollowsTheFocus() async throws {
        let source = try document(#"{"pump": {"rated": 7.5, "tags": ["a", "b"], "on": true, "note": null, "empty": {}}, "other": 1}"#)
        var driver = try await driver(source)
        let box = try #require(driver.controller.layout.previewBox)
        #expect(box.x == 90 && box.width == 30, "text narrower than right:50% of 120 cells takes a quarter")
        #expect(driver.controller.layout.columns.allSatisfy { $0.x + $0.width <= box.x }, "the columns keep to the left")
        #expect(paneText(driver).prefix(10) == ["{", "\"rated\": 7.5,", "\"tags\": [", "\"a\",", "\"b\"", "],", "\"on\": true,",
                                                 "\"note\": null,", "\"empty\": {}", "}"])
        await driver.press(.down)
        #expect(paneText(driver).first == "1", "the pane follows the focus to the next member")
    }

    /// First hour: the pane took half the width while it showed one short line, squeezing the columns' titles.
    /// It narrows to its text, down to a quarter of the width, and takes its share again for a longer one.
    @Test func thePaneNarrowsToShortTextAndTheColumnsTakeTheRest() async throws {
        let source = try document(#"{"name": "rust-docs-json-generator", "description": "\#(String(repeating: "long text ", count: 8))"}"#)
        var driver = try await driver(source)
        var box = try #require(driver.controller.layout.previewBox)
        #expect(box.width == 30 && box.x == 90)
        #expect(driver.lines.contains { $0.contains("rust-docs-json-generator") }, "the column shows the whole value")
        await driver.press(.down)
        box = try #require(driver.controller.layout.previewBox)
        #expect(box.width == 60 && box.x == 60, "80 cells of text take the whole share")
        driver = try await self.driver(source, command: "echo x")
        #expect(driver.controller.layout.previewBox?.width == 60, "a command's output is told the pane's width and keeps it")
    }

    @Test func aLongStringIsWrappedWhole() async throws {
        let long = (0..<5000).map { String(UnicodeScalar(UInt8(97 + $0 % 26))) }.joined()
        var driver = try await driver(try document(#"{"text": "\#(long)"}"#))
        let box = try #require(driver.controller.layout.previewBox)
        let rows = paneText(driver).filter { !$0.isEmpty }
        #expect(rows.count == box.height - 2, "the string fills the pane")
        #expect(rows.joined() == String(long.prefix(rows.joined().count)), "rows continue each other, nothing cut")
        await driver.press(.character("J"), .character("J"))
        #expect(paneText(driver).first == rows[2], "J scrolls the pane a row")
        await driver.press(.shiftPageDown)
        #expect(paneText(driver).first != rows[2])
        await driver.press(.character("K"), .character("K"), .shiftPageUp, .shiftPageUp)
        #expect(paneText(driver).first == rows[0])
    }

    /// A line is wrapped as far as the rows asked for: one of megabytes is not cut into rows on each frame.
    @Test func aLineIsWrappedAsFarAsTheRowsAsked() {
        let line = StyledLine([StyledRun(String(repeating: "abcd", count: 25), .plain), StyledRun("tail", .plain)])
        #expect(line.rows(width: 10).count == 11)
        let first = line.rows(width: 10, limit: 3)
        #expect(first.count == 3 && first.map { $0.runs.map(\.text).joined() } == ["abcdabcdab", "cdabcdabcd", "abcdabcdab"])
    }

    /// The pane's fit measures a line no further than any screen is wide, on every frame.
    @Test func theFitMeasuresALineAsFarAsAScreenIsWide() {
        let short = PreviewContent(lines: [StyledLine([StyledRun("日本", .plain)])])
        #expect(short.widestLine == 4)
        let long = PreviewContent(lines: [StyledLine([StyledRun(String(repeating: "a", count: 100_000), .plain)])])
        #expect(long.widestLine.map { $0 >= 1_024 && $0 < 4_000 } == true)
    }

    /// Scrolling a cut preview asks for more lines once the end of those made is within two pages, not on every
    /// step (each asking doubled the lines made).
    @Test func aCutPreviewAsksForMoreLinesOnlyNearTheirEnd() async throws {
        let text = (0..<5_000).map { "line \($0)" }.joined(separator: "\\n")
        var driver = try await driver(try document(#"{"text": "\#(text)"}"#))
        let asked = driver.controller.preview.linesAsked
        #expect(asked > 0 && driver.controller.preview.content?.isCut == true)
        // The lines first made are two pages: the first step is near their end.
        await driver.press(.character("J"))
        #expect(driver.controller.preview.scroll == 1 && driver.controller.preview.linesAsked == asked * 2)
        await driver.press(.character("J"), .character("J"))
        #expect(driver.controller.preview.scroll == 3 && driver.controller.preview.linesAsked == asked * 2, "far from the end: nothing asked")
        for _ in 0..<3 { await driver.press(.shiftPageDown) }
        #expect(driver.controller.preview.linesAsked == asked * 4, "near the end: twice the lines asked")
        #expect(paneText(driver).first == "line \(driver.controller.preview.scroll)")
    }

    /// The same for a container's lines, which are cut at the pane's width rather than wrapped.
    @Test func aCutContainerAsksForMoreLinesOnlyNearTheirEnd() async throws {
        let members = (0..<500).map { "\"m\($0)\": \($0)" }.joined(separator: ", ")
        var driver = try await driver(try document(#"{"list": {\#(members)}}"#))
        let asked = driver.controller.preview.linesAsked
        #expect(asked > 0 && driver.controller.preview.content?.isCut == true && driver.controller.preview.content?.wraps == false)
        await driver.press(.character("J"))
        #expect(driver.controller.preview.linesAsked == asked * 2)
        await driver.press(.character("J"), .character("J"))
        #expect(driver.controller.preview.scroll == 3 && driver.controller.preview.linesAsked == asked * 2, "far from the end: nothing asked")
        #expect(paneText(driver).first == "\"m2\": 2,")
    }

    @Test func theWheelOverThePaneScrollsItAndNotTheList() async throws {
        let long = String(repeating: "word ", count: 2000)
        var driver = try await driver(try document(#"{"text": "\#(long)", "b": 2}"#))
        let box = try #require(driver.controller.layout.previewBox)
        let focused = driver.controller.state.focusedItem
        await driver.send(.key(.mouse(MouseEvent(.wheelDown, x: box.x + 3, y: box.y + 3))))
        #expect(driver.controller.preview.scroll == 3 && driver.controller.state.focusedItem == focused)
    }

    @Test func belowTheListInANarrowTerminal() async throws {
        var driver = try await driver(try plantSample(), width: 40, height: 16, window: "down:40%")
        let box = try #require(driver.controller.layout.previewBox)
        #expect(box.x == 0 && box.width == 40 && box.y + box.height == 15, "the pane ends above the footer")
        #expect(driver.controller.layout.hierarchySize.height == box.y + 1)
        #expect(paneText(driver).first == "Hamburg Plant", "a table row's title, then its fields")
        var seen = paneText(driver)
        for _ in 0..<8 {
            await driver.press(.character("J"))
            seen += paneText(driver)
        }
        #expect(seen.contains { $0.hasPrefix("id") && $0.contains("P1000") }, "\(seen)")
        #expect(driver.lines[15].contains("1 of 3") || driver.lines[15].contains("Plants"), "the footer stays at the bottom")
    }

    @Test func theKeyTogglesThePaneAndEnterOnALeafOpensIt() async throws {
        var driver = try await driver(try document(#"{"a": 1, "b": {"c": 2}}"#), window: "hidden")
        #expect(driver.controller.layout.previewBox == nil)
        await driver.press(.character("p"))
        #expect(driver.controller.layout.previewBox != nil && paneText(driver).first == "1")
        await driver.press(.character("p"))
        #expect(driver.controller.layout.previewBox == nil)
        await driver.press(.enter)
        #expect(driver.controller.layout.previewBox != nil, "Enter on a leaf shows it in the pane")
    }

    @Test func aCommandRunsAtOnceForOneMoveAndOnceTheFocusRestsForMany() async throws {
        var driver = try await driver(try plantSample(), command: "cat {title}")
        driver.controller.clock = { 100 }
        #expect(driver.commandPreviews.count == 1, "the first preview runs at once")
        #expect(driver.commandPreviews.first?.placeholders.title == "Hamburg Plant")
        await driver.press(.down)
        #expect(driver.commandPreviews.count == 2 && driver.commandPreviews[1].placeholders.title == "Berlin Plant",
                "a single move runs the command at once")
        await driver.press(.down)
        #expect(driver.commandPreviews.count == 2, "a move in quick succession (a key held down) starts no command")
        #expect(driver.takeTimers().contains(.previewRest))
        await driver.send(.timer(.previewRest))
        #expect(driver.commandPreviews.count == 3 && driver.commandPreviews[2].placeholders.title == "Munich Plant")
        let generation = driver.commandPreviews[2].generation
        let colored = TerminalText.lines(Array("\u{1B}[31mred\u{1B}[0m plain".utf8))
        await driver.send(.preview(PreviewAnswer(generation: generation - 1, content: PreviewContent(lines: [StyledLine([StyledRun("stale", .plain)])]))))
        #expect(!paneText(driver).contains("stale"), "an earlier run's output is dropped")
        await driver.send(.preview(PreviewAnswer(generation: generation, content: PreviewContent(lines: colored))))
        #expect(paneText(driver).first == "red plain")
        driver.controller.clock = { 200 }
        await driver.press(.character("v"))
        #expect(paneText(driver).first == "Munich Plant", "v shows the item's own value instead")
    }
}
