@testable import ArborSources
import ArborCore
import Foundation
import Testing

/// A large JSON document shows its first part at once, containers still open there with their counts pending,
/// and is replaced by the whole once indexed; a problem past the first part keeps the part and says where.
@Suite("Large JSON documents shown while indexed")
struct JSONDocumentStreamTests {
    /// A document past the size from which it is streamed: an object whose `records` list is long.
    static func largeDocument(records: Int = 140_000, tail: String = "") -> String {
        let body = (0..<records).map { #"{"name": "record \#($0)", "tags": ["a", "b,\"c\""], "size": \#($0)}"# }
        return #"{"meta": {"count": \#(records)}, "records": ["# + body.joined(separator: ",\n") + "]" + tail + "}"
    }

    static func write(_ text: String) throws -> String { try StreamedOpening.write(text, suffix: "large.json") }

    @Test func theFirstPartIsShownAndTheWholeReplacesIt() async throws {
        let text = Self.largeDocument()
        #expect(text.utf8.count > SourceOpener.shownFromFirstPart)
        let path = try Self.write(text)
        defer { unlink(path) }
        let opening = try StreamedOpening(path, observing: false)
        let source = opening.source
        // The first part: the closed `meta` with its count, `records` open with its count pending.
        let top = try await source.children(of: "")
        #expect(top.map(\.content.title) == ["meta", "records"] || source.isComplete)
        if !source.isComplete {
            #expect(top.first?.childCount == 1)
            #expect(top.last?.childCount == nil, "a list the first part ends inside has no count yet")
            let first = try await source.children(of: "/records", in: 0..<2)
            #expect(first.map(\.content.title) == ["[0]", "[1]"])
        }
        opening.observe()
        // Asked while the rest is read, the pending count is the whole one.
        #expect(try await source.numberOfChildren(of: "/records") == 140_000)
        try await opening.waitForCompletion()
        #expect(source.isComplete)
        #expect(opening.changes.all.contains(.completed(problem: nil)))
        #expect(try await source.children(of: "").last?.childCount == 140_000)
        #expect(try await source.item("/records/139999").content.fields.first { $0.name == "size" }?.value == "139999")
    }

    @Test func aProblemPastTheFirstPartKeepsItAndSaysWhere() async throws {
        let path = try Self.write(Self.largeDocument(tail: ", \"broken\": [1, 2,]"))
        defer { unlink(path) }
        let opening = try StreamedOpening(path)
        try await opening.waitForCompletion()
        #expect(opening.completions == [nil])
        // Said as the source's trouble, which stays on the footer while the part is shown.
        let troubles = opening.changes.all.compactMap { change -> String? in
            if case .problem(let problem) = change { return problem }
            return nil
        }
        let problem = try #require(troubles.first)
        #expect(problem.contains("large.json:140000:"), "\(problem)")
        #expect(problem.hasSuffix("(the part read before it is shown)"))
        // All that was read before the break, not only the first part: the records whole, `broken` up to its comma.
        let top = try await opening.source.children(of: "")
        #expect(top.map(\.content.title) == ["meta", "records", "broken"])
        #expect(top.map(\.childCount) == [top[0].childCount, 140_000, 2])
    }

    @Test func treesSmallFilesAndHeadlessOpeningsAreReadWhole() async throws {
        let tree = #"{"title": "root", "children": ["# + (0..<120_000).map { #"{"title": "node \#($0)", "body": "some words"}"# }
            .joined(separator: ",") + "]}"
        let treePath = try Self.write(tree)
        defer { unlink(treePath) }
        let opened = try SourceOpener.open(SourceRequest(path: treePath), streaming: true)
        #expect(opened.format == .tree)
        let path = try Self.write(Self.largeDocument())
        defer { unlink(path) }
        let whole = try SourceOpener.open(SourceRequest(path: path), streaming: false)
        #expect(!(whole.hierarchy is any ChangeReporting))
        #expect(try await whole.hierarchy.numberOfChildren(of: "/records") == 140_000)
    }

    @Test func aLargeFileAskedForAsATreeIsReadWholeAsOne() async throws {
        let path = try Self.write(Self.largeDocument())
        defer { unlink(path) }
        let opened = try SourceOpener.open(SourceRequest(path: path, format: .tree), streaming: true)
        #expect(opened.format == .tree)
        #expect(opened.hierarchy.capabilities.reporting == nil, "no first part shown as a document")
    }

    @Test func aDocumentThatTurnsOutATreeIsShownAsOneFromTheTop() async throws {
        // The first 64 KB are inside a long list of notes: nothing yet says tree or document.
        let notes = Array(repeating: #""a note""#, count: 10_000).joined(separator: ", ")
        let children = (0..<250_000).map { #"{"title": "node \#($0)", "body": "words"}"# }.joined(separator: ",\n")
        let path = try Self.write(#"{"title": "root", "notes": [\#(notes)], "children": [\#(children)]}"#)
        defer { unlink(path) }
        let opening = try StreamedOpening(path)
        #expect(opening.format == .document)
        let source = opening.source
        try await opening.waitForCompletion()
        #expect(opening.changes.all == [.reloaded, .completed(problem: nil)], "the place is left: the tree's ids are not the document's")
        #expect(try await source.children(of: try #require(try await source.root()).id).first?.content.title == "node 0")
    }

    @Test func theFirstPartCountsWhatItHoldsAndLeavesOpenCountsPending() async throws {
        let first = Array(Self.largeDocument().utf8.prefix(256 << 10))
        let partial = try #require(JSONDocumentStream.partial(first, name: "large.json", detecting: true, mapping: FieldMapping()))
        let top = try await partial.children(of: "")
        #expect(top.map(\.content.title) == ["meta", "records"])
        #expect(top.map(\.childCount) == [1, nil])
        #expect(partial.countIsPartial(of: "/records") && partial.countIsPartial(of: "") && !partial.countIsPartial(of: "/meta"))
        let shown = try #require(try await partial.numberOfChildren(of: "/records"))
        #expect(shown > 1_000 && shown < 5_000)
        #expect(try await partial.item("/records/\(shown - 1)").content.title == "[\(shown - 1)]")
        // The beginning of an object tree is left to the whole file's reading.
        let tree = Array((#"{"title": "root", "children": [{"title": "a"}, {"title": "b"}, "#).utf8)
        #expect(JSONDocumentStream.partial(tree, name: "t.json", detecting: true, mapping: FieldMapping()) == nil)
        #expect(JSONDocumentStream.partial(tree, name: "t.json", detecting: false, mapping: FieldMapping()) != nil)
    }

    @Test func theFirstPartEndsAfterItsLastWholeMember() throws {
        let text = Array(#"{"a": [1, {"b": "x,y"}, [2, 3], 4], "c": {"d": [5, 6, 7"#.utf8)
        let (index, open) = try #require(text.withUnsafeBufferPointer { JSONDocumentStream.prefixIndex($0) })
        // Stopped at the comma after 5 (the first between members in the last quarter): `c` and its list open.
        #expect(index.count == 6)
        #expect(open == [0, 4, 5])
        #expect((0..<index.count).map { index.memberCount[$0] } == [2, 4, 1, 2, 1, 1])
        #expect(index.end(0) == text.firstIndex(of: UInt8(ascii: "5"))! + 1)
    }
}
