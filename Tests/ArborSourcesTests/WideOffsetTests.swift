import ArborCore
@testable import ArborSources
import Testing

/// The indexes hold offsets in 64 bits past 4 GiB: each is read here in both forms and must print the same
/// hierarchy (the 64-bit form forced on small inputs; a file past 4 GiB is opened end to end by the e2e tests).
@Suite("64-bit offsets")
struct WideOffsetTests {
    /// Every item's id and title.
    func printed(_ open: () throws -> any HierarchySource) async throws -> String {
        let source = try open()
        var lines: [String] = []
        for field in [OutputField.id, .title] {
            let printer = TreePrinter(formatter: ItemFormatter(field: field, idsArePaths: false), depth: nil, ascii: true)
            try await printer.print(source) { lines.append(String(decoding: $0, as: UTF8.self)) }
        }
        return lines.joined(separator: "\n")
    }

    func bothForms(_ open: @escaping () throws -> any HierarchySource) async throws -> (narrow: String, wide: String) {
        let narrow = try await printed(open)
        let wide = try await ByteOffsets.$forcesWide.withValue(true) {
            try await printed(open)
        }
        return (narrow, wide)
    }

    @Test func offsetsKeepTheirValuesInBothForms() {
        var narrow = ByteOffsets(inputSize: 100)
        var wide = ByteOffsets(inputSize: ByteOffsets.narrowLimit + 1)
        #expect(!narrow.isWide && wide.isWide)
        for value in [0, 7, -1, 99] {
            narrow.append(value)
            wide.append(value)
        }
        wide.append(5 << 30)
        #expect((0..<4).map { narrow[$0] } == [0, 7, -1, 99])
        #expect((0..<5).map { wide[$0] } == [0, 7, -1, 99, 5 << 30])
        narrow[2] = 42
        wide[2] = -1
        #expect(narrow[2] == 42 && wide[2] == -1 && narrow.count == 4 && wide.count == 5)
        #expect(ByteOffsets.$forcesWide.withValue(true) { ByteOffsets(inputSize: 10).isWide })
    }

    @Test func objectTreeReadsTheSameWithWideOffsets() async throws {
        let bytes = try SourceFile.read(samplePath("plant-maintenance.json"))
        let forms = try await bothForms {
            try #require(LazyJSONTree(bytes: bytes, name: "plant", mapping: FieldMapping(), force: true))
        }
        #expect(forms.narrow.contains("\n") && forms.narrow == forms.wide)
    }

    @Test func documentReadsTheSameWithWideOffsets() async throws {
        let bytes = Array(#"{"spec": {"containers": [{"name": "web", "ports": [80, 443]}], "list": [1, [2, {"a": []}]]}}"#.utf8)
        let forms = try await bothForms { try #require(LazyJSONDocument(bytes: bytes, name: "pod")) }
        #expect(forms.narrow.contains("ports") && forms.narrow == forms.wide)
    }

    @Test func tableReadsTheSameWithWideOffsets() async throws {
        let bytes = try SourceFile.read(samplePath("org-chart.csv"))
        let forms = try await bothForms {
            try #require(IndexedTable(bytes: bytes, delimiter: UInt8(ascii: ","), name: "org", mapping: FieldMapping()))
        }
        #expect(forms.narrow.split(separator: "\n").count > 10 && forms.narrow == forms.wide)
    }

    @Test func pathListReadsTheSameWithWideOffsets() async throws {
        let bytes = Array("./src/a.swift\nsrc/b/c.swift\n/etc/hosts\nsrc\n".utf8)
        let forms = try await bothForms { PathListBuilder().hierarchy(from: bytes, name: "paths") }
        #expect(forms.narrow.contains("src/b/c.swift") && forms.narrow == forms.wide)
    }
}
