import ArborCore
import ArborPath
@testable import ArborSources
import Foundation
import Synchronization
import Testing

@Suite("SQLite source")
struct SQLiteSourceTests {
    /// A database with `nodes(id INTEGER, parent INTEGER, name, type)` and `other(x)`.
    func makeDatabase() throws -> String {
        try temporarySQLite { db in
            try db.execute(sql: """
                CREATE TABLE nodes(id INTEGER PRIMARY KEY, parent INTEGER, name TEXT, type TEXT);
                CREATE INDEX nodes_parent ON nodes(parent);
                CREATE TABLE other(x);
                INSERT INTO nodes VALUES (1, NULL, 'Plant', 'Site'), (2, 1, 'Pump', 'Equipment'), (3, 1, 'Tower', 'Equipment'),
                    (4, 3, 'Fan', 'Component'), (10, NULL, 'Office', 'Site');
                """)
        }
    }

    @Test func aJSONPathQueryReadsRowsAsObjectsOfTheirColumns() async throws {
        let path = try makeDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var request = SourceRequest(path: path)
        request.settings["table"] = "nodes"
        let query = SourceQuery(try JSONPath("$..[?@.type == 'Equipment' && @.id > 2]"), source: try SourceOpener.open(request).hierarchy)
        let answer: QueryAnswer = await withCheckedContinuation { continuation in
            DispatchQueue(label: "query").async { continuation.resume(returning: query.answer()) }
        }
        #expect(answer.matches == ["3"])
        #expect(answer.path(to: "3") == ["1", "3"])
        #expect(answer.matchCount(under: "1") == 1)
    }

    @Test func rowsAreReadLazilyWithCountsAndParents() async throws {
        let path = try makeDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        var request = SourceRequest(path: path)
        request.settings["table"] = "nodes"
        let opened = try SourceOpener.open(request)
        #expect(opened.format == .sqlite)
        let source = opened.hierarchy
        let root = try #require(try await source.root())
        #expect(root.isVirtual)
        let top = try await source.children(of: root.id)
        #expect(top.map(\.id) == ["1", "10"])
        #expect(top.map(\.content.title) == ["Plant", "Office"])
        #expect(top.map(\.childCount) == [2, 0])
        #expect(top[0].content.subtitle == "Site")
        #expect(try await source.children(of: "3").map(\.content.title) == ["Fan"])
        #expect(try await source.parentID(of: "4") == "3")
        #expect(try await source.parentID(of: "1") == nil)
        #expect(try await source.numberOfChildren(of: "1") == 2)
        #expect(try await source.childIDs(of: "1", in: 1..<2) == ["3"])
        #expect(try await source.item("2").content.title == "Pump")
        #expect(try await ItemFormatter.idPath(of: "4", in: source) == ["1", "3", "4"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aHugeFanOutArrivesInPages() async throws {
        let path = try temporarySQLite { db in
            try db.execute(sql: "CREATE TABLE nodes(id INTEGER PRIMARY KEY, parent INTEGER, name TEXT)")
            try db.execute(sql: "INSERT INTO nodes VALUES (1, NULL, 'top')")
            try db.execute(sql: "BEGIN")
            for index in 2...12_001 { try db.execute(sql: "INSERT INTO nodes VALUES (?, 1, ?)", arguments: [.integer(Int64(index)), .text("n\(index)")]) }
            try db.execute(sql: "COMMIT")
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let source = try openNodesTable(path)
        let pages = Mutex<[Int]>([])
        let all = try await source.children(of: "1") { page in pages.withLock { $0.append(page.count) } }
        #expect(pages.withLock { $0 } == [5_000, 5_000])
        #expect(all.count == 12_000)
        #expect(all.first?.content.title == "n2")
        #expect(all.last?.id == "12001")
    }

    @Test func missingTablesAndColumnsNameWhatExists() throws {
        let path = try makeDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var request = SourceRequest(path: path)
        #expect(try SourceOpener.open(request).hierarchy is SQLiteDatabaseSource, "without --table: the whole database")
        request.settings["table"] = "missing"
        #expect(throws: SourceLoadError("\(path): no table 'missing' (tables: nodes, other)")) { try SourceOpener.open(request) }
        request.settings["table"] = "other"
        #expect(throws: SourceLoadError("\(path): table 'other' has no column 'id' (columns: x); name it with --id")) {
            try SourceOpener.open(request)
        }
        #expect(throws: SourceLoadError("/nonexistent.db: No such file or directory")) {
            try SourceOpener.open(SourceRequest(path: "/nonexistent.db"))
        }
    }

    @Test func aDatabaseIsRecognisedByItsFirstBytes() {
        #expect(SourceFormat.sniff(Array("SQLite format 3\u{0}rest".utf8)) == .sqlite)
    }
}
