@testable import ArborSources
import CJSONScan
import Testing

/// The tree scan, while it does not yet know whether a document is a tree, passes the values that hold no items
/// by counting their brackets 64 bytes at a time: for well-formed bytes the end must be the full scan's, wherever
/// a block's edge falls (inside strings, in runs of backslashes, on a quote).
@Suite("Containers passed by their brackets end where the full scan says")
struct ContainerEndTests {
    /// Whether `bytes` are a document and every container of it ends, by its brackets, where the index says.
    static func agrees(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { JSONDocumentScanner.scan($0) } != nil && JSONContainerEnds.agreeWithTheIndex(bytes)
    }

    static let pieces = DocumentScanAgreementTests.pieces + [
        #"{"quote at an edge": "\"", "backslashes": "\\\\\\\\\\\\\\\\", "brackets": "]]}}{{[[", "k": [{"a": "\\"}]}"#,
        #"["\#(String(repeating: "\\\\", count: 40))", "\#(String(repeating: "\\\"", count: 40))", {"}": "{"}]"#,
        #"{"text": "\#(String(repeating: "x", count: 130))]}\"", "after": [1, [2, [3]]]}"#,
    ]

    @Test func everyContainerEndsWhereTheFullScanSaysAtEveryAlignment() {
        for piece in Self.pieces {
            for shift in 0..<130 {
                let text = String(repeating: " ", count: shift) + piece
                #expect(Self.agrees(Array(text.utf8)), "\(shift): \(piece)")
                let padded = "[\"" + String(repeating: "s", count: shift) + "\", " + piece + ", " + piece + "]"
                #expect(Self.agrees(Array(padded.utf8)), "\(shift): \(piece)")
            }
        }
    }

    @Test func bracketsThatDoNotCloseHaveNoEnd() {
        for text in [#"[1, [2, 3]"#, #"{"a": "}"#, #"["]"#, #"{"a": "\"}"#, "[" + String(repeating: "[", count: 100)] {
            let bytes = Array(text.utf8)
            let end = bytes.withUnsafeBufferPointer { arbor_json_container_end($0.baseAddress!, Int64($0.count), 0) }
            #expect(end == -1, "\(text)")
        }
        let scalar = Array("\"x\"".utf8)
        #expect(scalar.withUnsafeBufferPointer { arbor_json_container_end($0.baseAddress!, Int64($0.count), 0) } == -1)
    }

    @Test func aDocumentDetectedWhileItsFirstObjectIsPassedUncheckedIsStillCheckedWhenATree() throws {
        // The first object's `meta` is passed by its brackets before its `children` show it a tree: the broken
        // value inside it must still refuse the tree.
        let broken = Array(#"{"title": "t", "meta": {"a": [1, 2,]}, "children": [{"title": "c"}]}"#.utf8)
        var scanner = JSONTreeScanner(childrenKey: Array("children".utf8), idKeys: [])
        scanner.treesOnly = true
        #expect(broken.withUnsafeBufferPointer { scanner.scan($0) } == nil)
        let whole = Array(#"{"title": "t", "meta": {"a": [1, 2]}, "children": [{"title": "c"}]}"#.utf8)
        let tree = try #require(whole.withUnsafeBufferPointer { scanner.scan($0) })
        #expect(tree.count == 2)
    }
}
