import ArborCore
import ArborSources
import Foundation
import Testing

@Suite("Output of picked and printed items")
struct OutputTests {
    let tree: StaticHierarchy
    init() throws {
        tree = try JSONTreeReader.load(Array("""
            {"id": "r", "name": "Root", "children": [{"id": "a b\\nc", "name": "Tab\\there", "kind": "x\\"y"}]}
            """.utf8), name: "t", origin: "t")
    }

    @Test func eachFieldPrintsAsAsked() async throws {
        func record(_ field: OutputField) async throws -> String {
            String(decoding: try await ItemFormatter(field: field, idsArePaths: false).record(for: "a b\nc", in: tree), as: UTF8.self)
        }
        #expect(try await record(.id) == "a b\nc")
        #expect(try await record(.title) == "Tab\there")
        #expect(try await record(.path) == "Root/Tab\there")
        let json = try await record(.json)
        #expect(json == #"{"id":"a b\nc","title":"Tab\there","path":["Root","Tab\there"],"fields":{"id":"a b\nc","name":"Tab\there","kind":"x\"y"}}"#)
        #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil)
    }

    @Test func pathListIdsPrintByteForByte() async throws {
        let list = PathListBuilder().hierarchy(from: [0x61, 0x2F, 0xFE, 0x0A, 0x62, 0x0A], name: "l")
        let formatter = ItemFormatter(field: .path, idsArePaths: true)
        let leaf = try #require(try await list.children(of: "a").first)
        #expect(LosslessText.encode(leaf.id) == [0x61, 0x2F, 0xFE])
        #expect(try await formatter.record(for: leaf.id, in: list) == [0x61, 0x2F, 0xFE])
        #expect(try await ItemFormatter(field: .title, idsArePaths: true).titlePath(of: leaf.id, in: list).count == 2)
    }

    @Test func selectRevealsThePathOfIds() async throws {
        #expect(try await ItemFormatter.idPath(of: "a b\nc", in: tree) == ["r", "a b\nc"])
        let list = PathListBuilder().hierarchy(from: Array("x/y\nz\n".utf8), name: "l")
        #expect(try await ItemFormatter.idPath(of: "x/y", in: list) == ["x", "x/y"])
        await #expect(throws: SourceError.self) { try await ItemFormatter.idPath(of: "nope", in: list) }
    }

    /// Text read as text is written as its UTF-8, the scalars U+10FF80… included; the names of files and the
    /// lines of commands carry bytes that were not UTF-8 in those scalars, and are written back as those bytes.
    @Test func textIsWrittenAsItsUTF8AndNamesAsTheirBytes() throws {
        let item = SourceItem(id: "/a\u{10FF80}b", content: ItemContent(title: "a\u{10FF80}b"), childCount: 0)
        var formatter = ItemFormatter(field: .title, idsArePaths: false)
        formatter.textCarriesBytes = false
        #expect(formatter.record(for: item, titlePath: []) == Array("a\u{10FF80}b".utf8))
        formatter.textCarriesBytes = true
        #expect(formatter.record(for: item, titlePath: []) == [0x61, 0x80, 0x62])
        let kinds = ["json", "yaml", "toml", "xml", "csv", "fs", "paths", "cmd"].map { SourceKinds.kind(for: $0)?.textCarriesBytes }
        #expect(kinds == [false, false, false, false, false, true, true, true])
    }
}
