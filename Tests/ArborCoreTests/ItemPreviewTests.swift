import ArborCore
import Testing

@Suite("Previews of items: a document's value pretty-printed, any other item's fields")
struct ItemPreviewTests {
    /// `{"name": "pump\n\"x\"", "n": 7, "ok": true, "none": null, "tags": ["a", {}], "deep": {"k": "v"}}` as a document.
    func document(name: String = "pump\n\"x\"\t\u{1}") -> StaticHierarchy {
        func scalar(_ id: String, _ key: String, _ kind: ScalarValue.Kind, _ text: String, parent: Int32) -> StaticHierarchy.Node {
            StaticHierarchy.Node(id: id, content: ItemContent(title: key, subtitle: kind.rawValue, scalar: ScalarValue(kind, text)), parent: parent)
        }
        func container(_ id: String, _ key: String, _ type: String, _ children: [Int32], parent: Int32) -> StaticHierarchy.Node {
            StaticHierarchy.Node(id: id, content: ItemContent(title: key, subtitle: type), children: children, parent: parent)
        }
        var hierarchy = StaticHierarchy(displayName: "doc", nodes: [
            container("", "doc", "object", [1, 2, 3, 4, 5, 8], parent: -1),
            scalar("/name", "name", .string, name, parent: 0),
            scalar("/n", "n", .number, "7", parent: 0),
            scalar("/ok", "ok", .boolean, "true", parent: 0),
            scalar("/none", "none", .null, "null", parent: 0),
            container("/tags", "tags", "array", [6, 7], parent: 0),
            scalar("/tags/0", "[0]", .string, "a", parent: 5),
            container("/tags/1", "[1]", "object", [], parent: 5),
            container("/deep", "deep", "object", [9], parent: 0),
            scalar("/deep/k", "k", .string, "v", parent: 8),
        ], rootIndex: 0, rootIsVirtual: false)
        hierarchy.isDocument = true
        return hierarchy
    }

    @Test func aDocumentValueIsPrettyPrintedAsJSON() async throws {
        let preview = try await document().itemPreview(of: "", lines: 100)
        #expect(preview.lines.map(\.text) == [
            "{", #"  "name": "pump\n\"x\"\t\u0001","#, #"  "n": 7,"#, #"  "ok": true,"#, #"  "none": null,"#, #"  "tags": ["#,
            #"    "a","#, "    {}", "  ],", #"  "deep": {"#, #"    "k": "v""#, "  }", "}",
        ])
        #expect(!preview.isCut && !preview.wraps)
        #expect(preview.lines[2].runs.contains(PreviewRun("7", .number)) && preview.lines[3].runs.contains(PreviewRun("true", .literal)))
    }

    @Test func aLongValueStopsAtTheLinesAskedFor() async throws {
        let preview = try await document().itemPreview(of: "", lines: 4)
        #expect(preview.lines.count == 4 && preview.isCut)
    }

    @Test func aScalarIsShownWholeAndWrapped() async throws {
        let preview = try await document().itemPreview(of: "/name", lines: 2)
        #expect(preview.wraps && preview.lines.map(\.text) == ["pump", "\"x\"\t\u{1}"] && !preview.isCut)
        #expect(try await document().itemPreview(of: "/n", lines: 5).lines == [PreviewLine("7", .number)])
        #expect(try await document().itemPreview(of: "/none", lines: 5).lines == [PreviewLine("null", .literal)])
    }

    /// A scalar of more lines than asked for is cut at them (the pane asks for more as it is scrolled), so a value
    /// of a million lines costs the lines shown.
    @Test func aScalarOfMoreLinesThanAskedForIsCut() async throws {
        let preview = try await document().itemPreview(of: "/name", lines: 1)
        #expect(preview.lines.map(\.text) == ["pump"] && preview.isCut && preview.wraps)
        let hierarchy = document(name: (0..<100_000).map { "line \($0)" }.joined(separator: "\n"))
        let long = try await hierarchy.itemPreview(of: "/name", lines: 80)
        #expect(long.lines.count == 80 && long.lines.last?.text == "line 79" && long.isCut)
        let whole = try await hierarchy.itemPreview(of: "/name", lines: 100_000)
        #expect(whole.lines.count == 100_000 && whole.lines.last?.text == "line 99999" && !whole.isCut)
    }

    /// A line of megabytes is cut past what the rows asked for show of it; lines end at a line feed, a CR LF
    /// being one (as a string's characters are read), and a last empty line is a line.
    @Test func aLineOfMegabytesIsCutPastItsRows() async throws {
        let blob = String(repeating: "QUJD", count: 1_000_000)
        let preview = try await document(name: "head\n" + blob).itemPreview(of: "/name", lines: 10)
        #expect(preview.lines.count == 2 && preview.isCut && preview.lines[0].text == "head")
        #expect(blob.hasPrefix(preview.lines[1].text) && preview.lines[1].text.count >= 10 * 512)
        let crlf = try await document(name: "a\r\nb\nc\n").itemPreview(of: "/name", lines: 10)
        #expect(crlf.lines.map(\.text) == ["a\r\nb", "c", ""] && !crlf.isCut)
    }

    /// A value is read no further than the lines asked for show: past those bytes (cut before the character they
    /// fall in) it is cut, whole as the source gave it or not; a container's member as its line shows it.
    @Test func aValueIsCutPastTheBytesItsLinesShow() async throws {
        let long = "a" + String(repeating: "é", count: 100_000)
        let preview = try await document(name: long).itemPreview(of: "/name", lines: 10)
        #expect(preview.isCut && preview.lines.map(\.text) == ["a" + String(repeating: "é", count: 2 * 10 * 512 + 15)])
        let container = try await document(name: long).itemPreview(of: "", lines: 3)
        #expect(container.isCut && container.lines[1].text == #"  "name": "a"# + String(repeating: "é", count: 2 * 3 * 512 + 15) + #"","#)
        let whole = try await document(name: long).itemPreview(of: "", lines: 100)
        #expect(!whole.isCut && whole.lines[1].text == #"  "name": ""# + long + #"","#)
    }

    @Test func anyOtherItemShowsItsTextsAndFields() async throws {
        let row = StaticHierarchy.Node(id: "r1", content: ItemContent(
            title: "Pump", subtitle: "Equipment", body: "Hall 2", description: "A pump", status: "Active",
            fields: [ItemField(name: "id", value: "r1"), ItemField(name: "rated power", value: "7.5")]), children: [1])
        let child = StaticHierarchy.Node(id: "c", content: ItemContent(title: "Seal"), parent: 0)
        let table = StaticHierarchy(displayName: "t", nodes: [row, child], rootIndex: 0, rootIsVirtual: false)
        let preview = try await table.itemPreview(of: "r1", lines: 10)
        #expect(preview.lines.map(\.text) == ["Pump", "Equipment", "Hall 2", "Active", "A pump", "", "id           r1",
                                             "rated power  7.5", "", "1 child"])
        #expect(try await table.itemPreview(of: "c", lines: 10).lines.map(\.text) == ["Seal"])
        let scalar = ItemPreview.fields(of: SourceItem(id: "s", content: ItemContent(title: "k", scalar: ScalarValue(.string, "v")), childCount: 0))
        #expect(scalar.lines.map(\.text) == ["k", "", "v"] && scalar.wraps)
        let number = ItemPreview.fields(of: SourceItem(id: "s", content: ItemContent(title: "k", scalar: ScalarValue(.number, "1")), childCount: 0))
        #expect(number.lines.last?.runs.first?.tone == .number)
        let literal = ItemPreview.fields(of: SourceItem(id: "s", content: ItemContent(title: "k", scalar: ScalarValue(.boolean, "true")), childCount: 3))
        #expect(literal.lines.last?.runs.first?.tone == .literal)
        #expect(try await table.itemLocation(of: "r1") == ItemLocation())
    }

    @Test func aSourceGivesItsOwnPreviewAndLocation() async throws {
        struct Own: PreviewingItems, LocatingItems {
            var displayName: String { "own" }
            func root() async throws -> SourceRoot? { SourceRoot(id: "a", isVirtual: false) }
            func numberOfChildren(of id: String) async throws -> Int? { 0 }
            func childIDs(of id: String, in range: Range<Int>) async throws -> [String] { [] }
            func parentID(of id: String) async throws -> String? { nil }
            func item(_ id: String) async throws -> SourceItem { SourceItem(id: id, content: ItemContent(title: id), childCount: 0) }
            func preview(of id: String, lines: Int) async throws -> ItemPreview { ItemPreview(lines: [PreviewLine([PreviewRun("own \(lines)")])]) }
            func location(of id: String) async throws -> ItemLocation { ItemLocation(path: "p", file: "f", line: 3) }
        }
        #expect(try await Own().itemPreview(of: "a", lines: 2).lines.first?.text == "own 2")
        #expect(try await Own().itemLocation(of: "a") == ItemLocation(path: "p", file: "f", line: 3))
    }
}
