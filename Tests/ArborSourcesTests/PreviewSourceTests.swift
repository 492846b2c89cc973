import ArborCore
import ArborSources
import Foundation
import Testing

@Suite("Sources preview their items and say where they are")
struct PreviewSourceTests {
    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-fp-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: path + "/sub", withIntermediateDirectories: true)
        try "one\ttab\ntwo\r\nthree\n".write(toFile: path + "/text.txt", atomically: true, encoding: .utf8)
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]).write(to: URL(fileURLWithPath: path + "/image.png"))
        try Data().write(to: URL(fileURLWithPath: path + "/empty"))
        try (1...5000).map(String.init).joined(separator: "\n").write(toFile: path + "/long.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: path + "/link", withDestinationPath: "text.txt")
        return path
    }

    @Test func aTextFileShowsItsFirstLinesOnly() async throws {
        let path = try folder()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let source = FileSystemSource(path: path, watches: false)
        let text = try await source.itemPreview(of: path + "/text.txt", lines: 10)
        #expect(text.lines.map(\.text) == ["one\ttab", "two", "three"] && !text.isCut)
        let long = try await source.itemPreview(of: path + "/long.txt", lines: 20)
        #expect(long.lines.count == 20 && long.lines.last?.text == "20" && long.isCut)
        #expect(try await source.itemPreview(of: path + "/empty", lines: 5).lines.map(\.text) == ["(empty file)"])
        #expect(try await source.itemPreview(of: path + "/link", lines: 5).lines.last?.text == "symbolic link → text.txt")
        #expect(try await source.itemLocation(of: path + "/text.txt") == ItemLocation(path: path + "/text.txt", file: path + "/text.txt", line: 1))
    }

    @Test func aBinaryFileIsOneLineAndADirectoryIsCounted() async throws {
        let path = try folder()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let source = FileSystemSource(path: path, watches: false)
        #expect(try await source.itemPreview(of: path + "/image.png", lines: 10).lines.map(\.text) == ["a PNG image · 12 B"])
        let directory = try await source.itemPreview(of: path, lines: 20).lines.map(\.text)
        #expect(directory.first == URL(fileURLWithPath: path).lastPathComponent + "/")
        #expect(directory[1] == "6 entries · 1 directory · 4 files · 1 other", "\(directory)")
        #expect(directory.contains("sub/") && directory.contains("text.txt"))
        await #expect(throws: SourceError.self) { try await source.itemPreview(of: path + "/gone", lines: 5) }
    }

    @Test func documentTreeAndTableItemsKnowTheirLine() async throws {
        let json = "{\n  \"a\": 1,\n  \"b\": {\n    \"c\": [\n      true\n    ]\n  }\n}\n"
        let document = try #require(LazyJSONDocument(bytes: Array(json.utf8), name: "d"))
        #expect(try await document.itemLocation(of: "").line == 1)
        #expect(try await document.itemLocation(of: "/a").line == 2)
        #expect(try await document.itemLocation(of: "/b").line == 3)
        #expect(try await document.itemLocation(of: "/b/c/0").line == 5)
        let csv = "id,name\nr1,one\nr2,\"two\nlines\"\nr3,three\n"
        let table = try #require(IndexedTable(bytes: Array(csv.utf8), delimiter: UInt8(ascii: ","), name: "t", mapping: FieldMapping()))
        #expect(try await table.itemLocation(of: "r1").line == 2)
        #expect(try await table.itemLocation(of: "r3").line == 5, "a quoted newline counts")
        let tree = #"{"id": "root", "children": [{"id": "x", "children": []},"# + "\n" + #"{"id": "y", "children": []}]}"#
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-tree-\(UUID().uuidString.prefix(8)).json").path
        try tree.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let opened = try SourceOpener.open(SourceRequest(path: path)).hierarchy
        #expect(try await opened.itemLocation(of: "y").line == 2)
    }

    @Test func aPathListLineNamingAFileIsPreviewedAsTheFile() async throws {
        let path = try folder()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let list = path + "/list.txt"
        try "\(path)/text.txt\n\(path)/missing.txt\n".write(toFile: list, atomically: true, encoding: .utf8)
        var request = SourceRequest(path: list)
        request.format = .paths
        let source = try SourceOpener.open(request).hierarchy
        #expect(try await source.itemPreview(of: path + "/text.txt", lines: 5).lines.first?.text == "one\ttab")
        #expect(try await source.itemPreview(of: path + "/missing.txt", lines: 5).lines.first?.text == "missing.txt")
        #expect(try await source.itemLocation(of: path + "/text.txt").file == path + "/text.txt")
        #expect(try await source.itemLocation(of: path + "/missing.txt") == ItemLocation(path: path + "/missing.txt", line: 1))
    }
}
