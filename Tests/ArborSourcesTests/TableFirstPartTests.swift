@testable import ArborSources
import ArborCore
import Foundation
import Testing

/// A large CSV table shows its first rows at once, their counts pending, and the whole replaces them once read;
/// problems found in the whole are reported when it is; a first part that does not open alone is not shown.
@Suite("Large tables shown from their first rows")
struct TableFirstPartTests {
    /// A tree of rows, each with up to ten children, parents before children.
    static func table(rows: Int = 260_000, extra: String = "") -> String {
        "id,parent,name\n" + (0..<rows).map { row in
            "N\(row),\(row == 0 ? "" : "N\((row - 1) / 10)"),unit \(row) with a few words\n"
        }.joined() + extra
    }

    static func write(_ text: String) throws -> String { try StreamedOpening.write(text, suffix: "large.csv") }

    @Test func theFirstRowsComeWithTheirCountsPendingAndTheWholeReplacesThem() async throws {
        let text = Self.table()
        #expect(text.utf8.count > SourceOpener.shownFromFirstPart)
        let path = try Self.write(text)
        defer { unlink(path) }
        let opening = try StreamedOpening(path)
        let source = opening.source
        #expect(try await source.root()?.id == "N0")
        if !source.isComplete {
            let first = try await source.children(of: "N0")
            #expect(first.count == 10 && first.allSatisfy { $0.childCount == nil })
        }
        #expect(try await source.numberOfChildren(of: "N25000") == 10, "a pending count is answered from the whole")
        try await opening.waitForCompletion()
        #expect(opening.changes.all.contains(.completed(problem: nil)))
        #expect(try await source.children(of: "N25998").map(\.childCount) == Array(repeating: 0, count: 10))
        #expect(try await source.item("N259999").content.title.hasPrefix("unit 259999"))
    }

    @Test func theFirstRowsAloneCountNothing() async throws {
        let first = Array(Self.table(rows: 5_000).utf8.prefix(256 << 10))
        let lineEnd = try #require(first.lastIndex(of: 0x0A))
        let part = try #require(IndexedTable(bytes: SourceBytes(Array(first[...lineEnd])), delimiter: UInt8(ascii: ","), name: "t.csv",
                                             mapping: FieldMapping(), countsPending: true))
        #expect(try await part.item("N0").childCount == nil)
        #expect(part.countIsPartial(of: "N1"))
        let whole = try #require(IndexedTable(bytes: Array(Self.table(rows: 20).utf8), delimiter: UInt8(ascii: ","), name: "t.csv",
                                              mapping: FieldMapping()))
        #expect(try await whole.item("N0").childCount == 10 && !whole.countIsPartial(of: "N0"))
    }

    @Test func problemsOfTheWholeAreReportedWhenItIsRead() async throws {
        let path = try Self.write(Self.table(extra: "N5,N0,a repeated id\nX1,missing,an orphan\n"))
        defer { unlink(path) }
        let opening = try StreamedOpening(path)
        try await opening.waitForCompletion()
        #expect(opening.changes.all.contains(.completed(problem: "2 problems in the data (listed on stderr)")), "\(opening.changes.all)")
        let problems = try #require(opening.source as? any ReadingOutcome).readingProblems
        #expect(problems.count == 2, "\(problems)")
        #expect(problems.first?.hasPrefix(path + ": line 260002: ") == true && problems.last?.hasPrefix(path + ": line 260003: ") == true,
                "\(problems)")
    }

    @Test func aFirstPartWithARowWhoseParentComesLaterIsReadWhole() async throws {
        let text = "id,parent,name\nA,Z,a first row whose parent is last\n" + String(Self.table().dropFirst("id,parent,name\n".count))
            + "Z,,the last row\n"
        let path = try Self.write(text)
        defer { unlink(path) }
        let opened = try SourceOpener.open(SourceRequest(path: path), streaming: true)
        #expect(!(opened.hierarchy is any ChangeReporting))
        #expect(try await opened.hierarchy.numberOfChildren(of: "Z") == 1)
    }
}
