import ArborCore
@testable import ArborSources
import Foundation
import Testing

/// Walks a source the way a find does and gives every item's title path and its id, resolved from positions.
func walkedEntries(_ source: any HierarchySource, fields: SearchFields = .title) async throws -> [(path: [String], id: String, text: String)] {
    let walk = SearchWalk(source: source, fields: fields, bound: .unlimited)
    await walk.walkToEnd()
    let snapshot = try #require(walk.corpus?.snapshot())
    var entries: [(path: [String], id: String, text: String)] = []
    for entry in 0..<snapshot.count {
        let ids = try await walk.ids(to: entry)
        let text = snapshot.withText(of: entry) { String(decoding: $0, as: UTF8.self) }
        entries.append((snapshot.chain(to: entry).map { snapshot.title(of: $0) }, ids[ids.count - 1], text))
    }
    return entries
}

@Suite("What finds read from each source")
struct SourceSearchTests {
    @Test func theObjectTreeReadsTitlesFromTheBytesAsItsItemsShowThem() async throws {
        let text = #"""
            {"title": "root", "children": [
              {"name": "", "title": "plain", "children": [{"label": "by label"}, {"title": "esc\u0041ped"}]},
              {"title": 42, "name": "number title"},
              {"id": "x1", "title": "", "name": "named", "title": "dup"},
              {"children": []},
              {"title": "Привет мир"}, {"title": "plain ascii", "children": [{"title": "日本語"}]}
            ]}
            """#
        let tree = try #require(LazyJSONTree(bytes: Array(text.utf8), name: "t.json", mapping: FieldMapping(), force: false))
        let entries = try await walkedEntries(tree)
        for entry in entries {
            #expect(try await tree.item(entry.id).content.title == entry.text, "\(entry.path)")
        }
        #expect(entries.map(\.text).contains("escAped") && entries.map(\.text).contains("named"))
        #expect(entries.map(\.text).contains("Привет мир") && entries.map(\.path).contains(["root", "plain ascii", "日本語"]))
        let withIDs = try await walkedEntries(tree, fields: [.title, .id])
        #expect(withIDs.allSatisfy { $0.text.hasSuffix("\u{1F}" + $0.id) })
    }

    @Test func anObjectTreeWithoutIDsIsWalkedToItsDeepestItems() async throws {
        for text in [#"[{"title": "a", "children": [{"title": "b", "children": [{"title": "c"}]}]}, {"title": "d", "children": [{"title": "e"}]}]"#,
                     #"{"title": "r", "children": [{"title": "a", "children": [{"title": "b", "children": [{"title": "c"}]}]}]}"#] {
            let tree = try #require(LazyJSONTree(bytes: Array(text.utf8), name: "t.json", mapping: FieldMapping(), force: false))
            // Titles alone are read from the bytes, each list of children asked for by an id made from its parent's.
            let entries = try await walkedEntries(tree)
            for entry in entries {
                #expect(try await tree.item(entry.id).content.title == entry.text, "\(entry.path)")
            }
            #expect(entries.map(\.path).contains(text.hasPrefix("[") ? ["a", "b", "c"] : ["r", "a", "b", "c"]))
            #expect(entries.count == (text.hasPrefix("[") ? 5 : 4))
        }
    }

    @Test func theDocumentReadsKeysFromTheBytesAsItsItemsShowThem() async throws {
        let text = #"{"a/b": {"x~y": [1, {"deep": true}]}, "esc\u0041": [], "n": null, "unit\u001Fsep": 1}"#
        let document = try #require(LazyJSONDocument(bytes: Array(text.utf8), name: "d.json"))
        let entries = try await walkedEntries(document)
        for entry in entries {
            let title = try await document.item(entry.id).content.title
            #expect(title.replacingOccurrences(of: "\u{1F}", with: " ") == entry.text, "\(entry.path)")
        }
        #expect(entries.map(\.text).contains("deep") && entries.map(\.text).contains("escA"))
        #expect(entries.last?.id == "/a~1b/x~0y/1/deep")
        let again = try await walkedEntries(document)
        #expect(again.map(\.id) == entries.map(\.id), "a second walk finds every container again")
        #expect(try await walkedEntries(document, fields: [.title, .subtitle]).contains { $0.text == "n\u{1F}null" })
    }

    @Test func theDocumentReadsValuesFromTheBytesAsItsItemsShowThem() async throws {
        let text = #"{"a/b": {"x": [1, "two\u0021"]}, "esc\u0041": "v\u0042al", "n": null, "unit\u001Fsep": -1.5e3, "s": "plain"}"#
        let document = try #require(LazyJSONDocument(bytes: Array(text.utf8), name: "d.json"))
        let texts = try await walkedEntries(document, fields: [.title, .body]).map(\.text)
        let expected = ["d.json\u{1F}{5 keys}", "a/b\u{1F}", "escA\u{1F}vBal", "n\u{1F}null", "unit sep\u{1F}-1.5e3", "s\u{1F}plain", "x\u{1F}", "[0]\u{1F}1", "[1]\u{1F}two!"]
        #expect(texts == expected)
    }

    @Test func thePathListGivesNamesAndTheDirectoryNamesAndTypes() async throws {
        let list = PathListBuilder().hierarchy(from: Array("a/b/c.txt\na/d\ne\n".utf8), name: "list")
        let entries = try await walkedEntries(list)
        #expect(entries.map(\.path) == [["a"], ["e"], ["a", "b"], ["a", "d"], ["a", "b", "c.txt"]])
        #expect(entries.last?.id == "a/b/c.txt")
        #expect(try await walkedEntries(list, fields: [.id]).last?.text == "c.txt\u{1F}a/b/c.txt")
        // Names of every kind: ASCII, not ASCII, and a byte that is not UTF-8 (kept losslessly).
        let named = PathListBuilder().hierarchy(from: Array("π/x\nascii/y\n".utf8) + [0x62, 0xFF, 0x0A], name: "list")
        let titles = try await walkedEntries(named).map(\.text)
        #expect(titles == ["π", "ascii", LosslessText.decode([0x62, 0xFF]), "x", "y"])

        let root = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-find-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/docs/deep", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: root + "/docs/deep/readme.md", contents: Data())
        _ = FileManager.default.createFile(atPath: root + "/top.txt", contents: Data())
        try FileManager.default.createSymbolicLink(atPath: root + "/loop", withDestinationPath: root)
        let files = FileSystemSource(path: root)
        let walked = try await walkedEntries(files)
        #expect(walked.map { Array($0.path.dropFirst()) } == [[], ["docs"], ["loop"], ["top.txt"], ["docs", "deep"], ["docs", "deep", "readme.md"]],
                "a link is listed, never followed")
        #expect(walked.last?.id == root + "/docs/deep/readme.md")
        #expect(try await walkedEntries(files, fields: [.title, .subtitle]).contains { $0.text == "deep\u{1F}directory" })
    }

    @Test func theDirectoryGivesNamesOfEveryKindAsItsItemsShowThem() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-names-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/café", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: root + "/café/plain.txt", contents: Data())
        _ = FileManager.default.createFile(atPath: root + "/unit\u{1F}sep", contents: Data())
        // A name with a byte that is not UTF-8.
        let raw = Array((root + "/b").utf8) + [0xFF, 0]
        let made = raw.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { creat($0.baseAddress!, 0o644) } }
        #expect(made >= 0)
        if made >= 0 { close(made) }
        let files = FileSystemSource(path: root)
        let walked = try await walkedEntries(files)
        #expect(Set(walked.dropFirst().map(\.text)) == ["café", "unit sep", LosslessText.decode([0x62, 0xFF]), "plain.txt"])
        for entry in walked.dropFirst() {
            #expect(try await files.item(entry.id).content.title.replacingOccurrences(of: "\u{1F}", with: " ") == entry.text)
        }
        let withIDs = try await walkedEntries(files, fields: [.title, .id])
        #expect(withIDs.dropFirst().allSatisfy { $0.text.hasSuffix("\u{1F}" + $0.id) })
    }
}
