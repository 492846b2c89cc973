import ArborCore
import ArborSources
import Foundation
@testable import ArborTUI
import Testing

@Suite("Documents read like documents: a member a line, scalars as key: value")
struct DocumentCellsTests {
    func document() throws -> any HierarchySource {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-doc-\(UUID().uuidString.prefix(8)).json").path
        let json = #"{"name": "pump", "rated": 7.5, "spare": false, "note": null, "parts": [1, 2], "tags": {"a": "x"}}"#
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var request = SourceRequest(path: path)
        request.format = .document
        return try SourceOpener.open(request).hierarchy
    }

    @Test func autoCellsAreSingleLineWithTheValueStyledByItsKind() async throws {
        var driver = await ScreenDriver(try document(), name: "pump.json", width: 100, height: 20)
        await driver.press(.enter)
        let lines = driver.lines
        let grid = driver.controller.render()
        for member in [#"name: "pump""#, "rated: 7.5", "spare: false", "note: null"] {
            #expect(lines.contains { $0.contains(member) }, "\(member) on one line:\n\(lines.joined(separator: "\n"))")
        }
        var rows: [Int] = []
        for key in ["name: ", "rated: ", "spare: ", "note: ", "parts "] {
            rows.append(try #require(lines.firstIndex { $0.contains(key) }))
        }
        #expect(rows == Array(rows[0]..<(rows[0] + 5)), "a member a line, no separators")
        func role(_ text: String) -> StyleRole {
            let row = lines.firstIndex { $0.contains(text) }!
            return grid[lines[row].distance(of: text), row].style.role
        }
        #expect(role(#""pump""#) == .string && role("7.5") == .number && role("false") == .literal && role("null") == .literal)
        #expect(lines.contains { $0.contains("parts") && $0.contains("▷ 2") }, "containers keep their icon")
    }

    @Test func aDocumentKeepsOneCellStyleBeforeAnyValueIsInView() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-doc-\(UUID().uuidString.prefix(8)).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try #"{"pumps": {"p1": {"rated": 7.5}}, "valves": {"v1": {"open": true}}, "fans": {"f1": {"rpm": 900}}}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        var request = SourceRequest(path: path)
        request.format = .document
        var driver = await ScreenDriver(try SourceOpener.open(request).hierarchy, name: "plant.json", width: 100, height: 20)
        func rows(_ keys: [String]) -> [Int] { keys.compactMap { key in driver.lines.firstIndex { $0.contains("│▌" + key + " ") || $0.contains("│ " + key + " ") } } }
        await driver.press(.enter)
        let containers = rows(["pumps", "valves", "fans"])
        #expect(containers.count == 3 && containers == Array(containers[0]..<(containers[0] + 3)),
                "members without values are one a line too: \(containers)\n\(driver.lines.joined(separator: "\n"))")
        await driver.press(.enter, .right)
        #expect(driver.lines.contains { $0.contains("rated: 7.5") })
        #expect(rows(["pumps", "valves", "fans"]) == containers, "a value coming into view changes nothing")
    }

    @Test func theOutlineShowsTheValueToo() async throws {
        var driver = await ScreenDriver(try document(), name: "pump.json", width: 100, height: 20)
        await driver.press(.character("o"), .right)
        let text = driver.lines.joined(separator: "\n")
        #expect(text.contains("rated: 7.5") && text.contains(#"name: "pump""#), "\(text)")
        #expect(text.contains("parts  array"), "a container still says what it is")
    }

    @Test func fullCellsStayAvailableForDocuments() async throws {
        var driver = await ScreenDriver(try document(), name: "pump.json", width: 100, height: 30, cellMode: .full)
        await driver.press(.right)
        #expect(driver.lines.contains { $0.contains("│▌string ") }, "full cells show the type line:\n\(driver.lines.joined(separator: "\n"))")
    }
}
