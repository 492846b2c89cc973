import Testing
@testable import ArborSources

/// The index the block reader hands over as it writes a YAML file's JSON text: the one a scan of the text gives,
/// dropped (the text then scanned) where it cannot be the text's.
@Suite("YAML text index built as written")
struct YAMLTextIndexerTests {
    /// A list read in two parts, with a flow collection and a nested list in each entry.
    static let list = Array(YAMLBlockReaderTests.repeated(from: "kind: List\nitems:\n", toAtLeast: 4_500_000) { index in
        "- name: svc-\(index)\n  ports: [80, {port: 443}]\n  env:\n  - a\n  - b\n"
    }.text.utf8)

    @Test func aListReadInTwoPartsIsIndexedAsItsTextScanned() throws {
        let read = try #require(YAMLBlockReader.text(SourceBytes(Self.list), indexing: true))
        #expect(read.parts == 2)
        var built = try #require(read.index)
        let scanned = try #require(read.json.withUnsafeBufferPointer { JSONDocumentScanner.scan($0) })
        // Checkpoints are left past their commas until moved to their members.
        #expect(built.checkpoints != scanned.checkpoints)
        read.json.withUnsafeBufferPointer { built.settleCheckpoints(in: $0) }
        #expect(built.holdsTheSameContainers(as: scanned))
    }

    @Test func aTextPassingTheOffsetsAnIndexHoldsIsScanned() throws {
        let whole = try #require(YAMLBlockReader.text(SourceBytes(Self.list), indexing: true))
        let size = whole.json.count
        // The list's closing bracket is its text's last byte: the offset past it is the text's size.
        let fits = try #require(YAMLTextIndexer.$offsetLimit.withValue(size) { YAMLBlockReader.text(SourceBytes(Self.list), indexing: true) })
        #expect(fits.index != nil)
        for limit in [size - 1, size / 3, size * 3 / 4] {
            let passes = try #require(YAMLTextIndexer.$offsetLimit.withValue(limit) { YAMLBlockReader.text(SourceBytes(Self.list), indexing: true) })
            #expect(passes.index == nil, "an offset past \(limit)")
            #expect(Array(passes.json) == Array(whole.json), "the text is written all the same")
        }
    }

    @Test func aStreamOfDocumentsIsScanned() throws {
        let stream = Array("a: 1\n---\nb: [2, 3]\n---\n- c\n".utf8)
        let read = try #require(YAMLBlockReader.text(SourceBytes(stream), indexing: true))
        #expect(read.documents == 3)
        #expect(read.index == nil)
        // The list's bracket was put before the first document once the second began.
        #expect(String(decoding: Array(read.json), as: UTF8.self).filter { !$0.isWhitespace } == #"[{"a":1},{"b":[2,3]},["c"]]"#)
    }

    @Test func anAliasCopyOfACollectionIsIndexedWhereItIsWritten() throws {
        let yaml = Array("base: &b {x: [1, 2], y: {z: 3}}\nitems:\n- *b\n- k: *b\n  l: [*b, *b]\n".utf8)
        let read = try #require(YAMLBlockReader.text(SourceBytes(yaml), indexing: true))
        let built = try #require(read.index)
        let scanned = try #require(read.json.withUnsafeBufferPointer { JSONDocumentScanner.scan($0) })
        // The root, `base` (3), `items`, the first copy (3), the mapping, its copy (3), `l` and its two copies (3 each).
        #expect(built.count == scanned.count && built.count == 1 + 3 + 1 + 3 + 1 + 3 + 1 + 3 + 3)
        #expect(YAMLIndexCheck.textIndexAgrees(yaml))
    }

    @Test func aCollectionOfMoreThanAStrideOfMembersHasItsCheckpoints() throws {
        var yaml = "flow: [" + (0..<200).map(String.init).joined(separator: ", ") + "]\nblock:\n"
        for index in 0..<200 { yaml += "  k\(index): \(index)\n" }
        let read = try #require(YAMLBlockReader.text(SourceBytes(Array(yaml.utf8)), indexing: true))
        let built = try #require(read.index)
        #expect(built.checkpoints.values.map(\.count).sorted() == [3, 3])
        #expect(YAMLIndexCheck.textIndexAgrees(Array(yaml.utf8)))
    }
}
