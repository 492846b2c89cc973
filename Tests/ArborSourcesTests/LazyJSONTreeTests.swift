import ArborCore
@testable import ArborSources
import Foundation
import Testing

@Suite("Lazy JSON object trees")
struct LazyJSONTreeTests {
    /// Every item of a source, depth first, as (id, content, child count, parent id).
    func walk(_ source: any HierarchySource) async throws -> [String] {
        guard let root = try await source.root() else { return [] }
        var lines: [String] = []
        var stack = [root.id]
        while let id = stack.popLast() {
            let item = try await source.item(id)
            let parent = try await source.parentID(of: id) ?? "-"
            lines.append("\(id) | \(item.content) | \(item.childCount ?? -1) | \(parent)")
            stack += try await source.childIDs(of: id, in: 0..<Int.max / 2).reversed()
        }
        return lines
    }

    func bothAgree(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let bytes = Array(text.utf8)
        let eager = JSONTreeBuilder().hierarchy(from: try JSONDocument.parse(bytes), name: "t")
        let lazy = try #require(LazyJSONTree(bytes: bytes, name: "t", mapping: FieldMapping(), force: true))
        let (lazyLines, eagerLines) = (try await walk(lazy), try await walk(eager))
        let firstDifference = zip(lazyLines, eagerLines).first { $0 != $1 }.map { "\($0.0)\n  vs\n\($0.1)" } ?? "counts differ"
        #expect(lazyLines == eagerLines, "\(firstDifference)", sourceLocation: sourceLocation)
        #expect(try await lazy.root() == eager.root(), sourceLocation: sourceLocation)
    }

    @Test func theSamplesReadTheSameAsTheFullParse() async throws {
        for name in ["plant-maintenance.json", "world-cities.json"] {
            let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("sample-data/" + name).path
            try await bothAgree(try String(contentsOfFile: path, encoding: .utf8))
        }
    }

    @Test func idsPathsScalarsAndEscapesMatchTheFullParse() async throws {
        try await bothAgree(#"{"title": "r", "children": [{"id": "x", "children": []}, {"id": "x"}, {"id": 7, "tags": ["a", "b"]}, 3, "s", [1, 2], {"title": "q\"uote\u00e9", "meta": {"children": [1]}, "children": [{"name": "deep"}]}]}"#)
        try await bothAgree(#"[{"name": "a", "children": [{"name": "b"}]}, {"name": "c"}, 5]"#)
        try await bothAgree(#"{"name": "0/1", "id": "0/1", "children": [{"name": "a"}, {"id": "0/1"}]}"#)
        try await bothAgree("\u{FEFF}{\"name\": \"bom\", \"children\": [ ]}")
        try await bothAgree(#"{"name": "n", "children": [{"n": -1.5e3, "t": true, "f": false, "z": null}]}"#)
        try await bothAgree(#"{"name": "\u00e9\uD83D\uDE00\uD800x", "children": []}"#)
    }

    @Test func malformedJSONIsLeftToTheFullParser() {
        for text in ["-", "00", "-01", "1.", "1e", ".5", "1e+", #"{"a": }"#, #"{"a": "x"#, #"{"a": tru}"#, #"{"a": 1} x"#, #"[1, 2"#, "{\"a\": \"\u{01}\"}", #"{"a" 1}"#, #"{"a": "\q"}"#, "",
                     #""/[5\uBaCG[{""#, #"{"a": "\u12"}"#, #"{"a": "\uD800\uZZZZ"}"#] {
            #expect(LazyJSONTree(bytes: Array(text.utf8), name: "t", mapping: FieldMapping(), force: true) == nil, "\(text)")
        }
        // Inside values that are neither items nor lists of items (validated without being walked item by item).
        for text in [#"{"children": [], "meta": {"a": [1, }}"#, #"{"meta": [{"x": tru}], "children": []}"#,
                     #"{"children": [{"meta": {"a": "\q"}}]}"#, #"{"meta": [[["#, #"{"children": [{"m": [1 2]}]}"#,
                     "{\"children\": [{\"m\": {\"k\": \"\u{01}\"}}]}", #"{"children": [{"m": {"k" 1}}]}"#] {
            #expect(LazyJSONTree(bytes: Array(text.utf8), name: "t", mapping: FieldMapping(), force: true) == nil, "\(text)")
        }
        #expect(LazyJSONTree(bytes: Array(#"{"a": [1]}"#.utf8), name: "t", mapping: FieldMapping(), force: false) == nil,
                "no children array: a document, not a tree")
    }

    @Test func unknownIdsAreErrors() async throws {
        let lazy = try #require(LazyJSONTree(bytes: Array(#"{"children": [{"name": "a"}]}"#.utf8), name: "t", mapping: FieldMapping(), force: true))
        for id in ["1", "0/5", "x", "0/x", "", "0/", "0//0", "/0", "0/0/"] {
            await #expect(throws: SourceError.self) { try await lazy.item(id) }
        }
        #expect(try await lazy.item("0/0").content.title == "a")
    }

    @Test func deepNestingNeedsNoStack() async throws {
        let depth = 100_000
        let text = String(repeating: #"{"children": ["#, count: depth) + String(repeating: "]}", count: depth)
        let lazy = try #require(LazyJSONTree(bytes: Array(text.utf8), name: "t", mapping: FieldMapping(), force: true))
        #expect(try await lazy.numberOfChildren(of: "0") == 1)
        // As deep inside a value that holds no items.
        let meta = #"{"meta": "# + String(repeating: "[{\"a\": ", count: depth) + "1" + String(repeating: "}]", count: depth)
            + #", "children": [{"name": "only"}]}"#
        let inMeta = try #require(LazyJSONTree(bytes: Array(meta.utf8), name: "t", mapping: FieldMapping(), force: true))
        #expect(try await inMeta.numberOfChildren(of: "0") == 1)
    }

    @Test func valuesThatHoldNoItemsReadTheSameAsTheFullParse() async throws {
        try await bothAgree(#"{"name": "r", "meta": {"children": [{"name": "not an item"}], "e": [], "o": {}}, "children": [{"name": "a", "tags": [[], {}, [1, {"children": []}]], "children": [{"name": "b", "x": {"y": [null, true, -0.5e-3, "s\"]"]}}]}]}"#)
        try await bothAgree(#"[{"name": "a", "m": [{"children": [1]}], "children": []}, {"name": "c", "children": [[{"z": {}}], {"name": "d"}]}]"#)
    }
}
