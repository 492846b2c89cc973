import ArborCore
import ArborSources
import Foundation
import Testing

@Suite("arbor print")
struct TreePrinterTests {
    func printed(_ source: any HierarchySource, field: OutputField = .title, depth: Int? = nil, ascii: Bool = false,
                 idsArePaths: Bool = false) async throws -> String {
        var lines: [String] = []
        let printer = TreePrinter(formatter: ItemFormatter(field: field, idsArePaths: idsArePaths), depth: depth, ascii: ascii)
        try await printer.print(source) { lines.append(String(decoding: $0, as: UTF8.self)) }
        return lines.joined(separator: "\n") + "\n"
    }

    func expectSnapshot(_ text: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots/\(name).txt")
        if ProcessInfo.processInfo.environment["ARBOR_RECORD_SNAPSHOTS"] == "1" || !FileManager.default.fileExists(atPath: file.path) {
            try? text.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("snapshot \(name) recorded; check it and run again", sourceLocation: sourceLocation)
            return
        }
        #expect(text == (try? String(contentsOf: file, encoding: .utf8)), sourceLocation: sourceLocation)
    }

    @Test func jsonTreeSnapshot() async throws {
        let plant = try JSONTreeReader.open(path: samplePath("plant-maintenance.json"))
        expectSnapshot(try await printed(plant, depth: 3), "print-plant-depth3")
        expectSnapshot(try await printed(plant, field: .id, depth: 2, ascii: true), "print-plant-ids-ascii")
    }

    @Test func virtualRootSnapshot() async throws {
        let cities = try JSONTreeReader.open(path: samplePath("world-cities.json"))
        expectSnapshot(try await printed(cities), "print-cities")
    }

    @Test func documentSnapshot() async throws {
        let bytes = Array(#"{"spec": {"containers": [{"name": "web", "ports": [80, 443]}]}, "kind": "Pod"}"#.utf8)
        let document = JSONDocumentBuilder().hierarchy(from: try JSONDocument.parse(bytes), name: "pod.json")
        expectSnapshot(try await printed(document) + (try await printed(document, field: .id, ascii: true)), "print-document")
    }

    @Test func pathListSnapshot() async throws {
        let list = PathListBuilder().hierarchy(from: Array("src/a.swift\nsrc/lib/b.swift\n./docs/x.md\nREADME\n".utf8), name: "l")
        expectSnapshot(try await printed(list, field: .path, idsArePaths: true), "print-paths")
        #expect(try await printed(list, depth: 0) == "src\ndocs\nREADME\n")
    }
}
