import ArborCore
@testable import ArborSources
import Foundation
import Synchronization
import Testing

/// A SQLite database opened without `--table`: its tables and views, their rows, the rows' fields; a table whose
/// rows name a parent as the tree it is.
@Suite("A whole SQLite database")
struct SQLiteDatabaseTests {
    func makeDatabase(users: Int = 2) throws -> String {
        try temporarySQLite { db in
            try db.execute(sql: "CREATE TABLE users(name TEXT, email TEXT, age INTEGER, avatar BLOB)")
            try db.execute(sql: "BEGIN")
            for index in 0..<users {
                try db.execute(sql: "INSERT INTO users VALUES (?, ?, ?, ?)",
                               arguments: [.text("user\(index)"), .text("u\(index)@x"), .integer(Int64(20 + index % 50)),
                                           index == 0 ? .blob([0, 1, 2]) : .null])
            }
            try db.execute(sql: "COMMIT")
            try db.execute(sql: "CREATE TABLE places(id INTEGER PRIMARY KEY, parent INTEGER, name TEXT)")
            try db.execute(sql: "INSERT INTO places VALUES (1, NULL, 'world'), (2, 1, 'europe'), (3, 2, 'france'), (4, 1, 'asia')")
            try db.execute(sql: "CREATE TABLE \"odd/name~\"(n INTEGER)")
            try db.execute(sql: "INSERT INTO \"odd/name~\" VALUES (7)")
            try db.execute(sql: "CREATE VIEW older AS SELECT name, age FROM users WHERE age > 20")
        }
    }

    func open(_ path: String) throws -> any HierarchySource {
        try SourceOpener.open(SourceRequest(path: path)).hierarchy
    }

    @Test func theDatabaseListsItsTablesAndViewsThenRowsThenFields() async throws {
        let path = try makeDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let source = try open(path)
        #expect(try await source.root() == SourceRoot(id: "", isVirtual: true))
        let relations = try await source.children(of: "")
        #expect(relations.map(\.id) == ["/odd~1name~0", "/older", "/places", "/users"])
        #expect(relations.map(\.content.subtitle) == ["table", "view", "table · tree", "table"])
        #expect(try await source.numberOfChildren(of: "/users") == 2)
        let rows = try await source.children(of: "/users")
        #expect(rows.map(\.id) == ["/users/1", "/users/2"])
        #expect(rows.map(\.content.title) == ["user0", "user1"], "titled by the first text column")
        let fields = try await source.children(of: "/users/1")
        #expect(fields.map(\.content.title) == ["name", "email", "age", "avatar"])
        #expect(fields[2].content.scalar == ScalarValue(.number, "20"))
        #expect(fields[3].content.body == "BLOB · 3 B")
        #expect(try await source.parentID(of: "/users/1/age") == "/users/1")
        #expect(try await source.parentID(of: "/users/1") == "/users")
        #expect(try await source.parentID(of: "/users") == "")
        #expect(try await source.item("/odd~1name~0/1/n").content.scalar == ScalarValue(.number, "7"))
        #expect(try await source.children(of: "/older").map(\.id) == ["/older/1"], "a view's rows are keyed by their place")
        #expect(try await source.item("/users/2").content.title == "user1", "a table's rows are keyed by their rowid")
        #expect(try await source.position(of: "/users/2", in: "/users") == 1)
    }

    @Test func aTableWhoseRowsNameAParentIsATree() async throws {
        let path = try makeDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let source = try open(path)
        #expect(try await source.children(of: "/places").map(\.content.title) == ["world"])
        #expect(try await source.children(of: "/places/1").map(\.id) == ["/places/2", "/places/4"])
        #expect(try await source.parentID(of: "/places/3") == "/places/2")
        #expect(try await source.parentID(of: "/places/1") == "/places")
    }

    @Test func aLongTableIsPagedByRowid() async throws {
        let path = try makeDatabase(users: 5_000)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let source = try open(path)
        let paged = try #require(try await source.pagedChildren(of: "/users"))
        #expect(paged.count == 5_000)
        #expect(paged.first.count == ChildPaging.pageSize)
        let page = try await source.children(of: "/users", in: 4_000..<4_003)
        #expect(page.map(\.id) == ["/users/4001", "/users/4002", "/users/4003"])
        #expect(page.map(\.content.title) == ["user4000", "user4001", "user4002"])
    }

    @Test func aTableIsPagedAtOnceAsIfItsRowidsRanOnAndReadAgainWhenTheCountSaysOtherwise() async throws {
        let path = try makeDatabase(users: 5_000)
        defer { try? FileManager.default.removeItem(atPath: path) }
        try SQLiteDatabase(path: path, writable: true).read { db in try db.execute(sql: "DELETE FROM users WHERE rowid = 10") }
        let source = try open(path)
        let heard = Mutex<[SourceChange]>([])
        source.capabilities.reporting?.observeChanges { change in heard.withLock { $0.append(change) } }
        let assumed = try #require(try await source.pagedChildren(of: "/users"))
        #expect(assumed.count == 5_000, "from the first and last rowids, before the table is counted")
        for _ in 0..<200 where heard.withLock({ $0 }).isEmpty { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(heard.withLock { $0 } == [.childrenChanged(of: "/users")], "the count corrects the list")
        let counted = try #require(try await source.pagedChildren(of: "/users"))
        #expect(counted.count == 4_999)
        #expect(try await source.children(of: "/users", in: 9..<11).map(\.id) == ["/users/11", "/users/12"])
    }

    @Test func aTableNamedStillOpensAsToday() async throws {
        let path = try makeDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var request = SourceRequest(path: path)
        request.settings["table"] = "places"
        let source = try SourceOpener.open(request).hierarchy
        #expect(try await source.children(of: "").map(\.id) == ["1"])
        await #expect(throws: SourceError.self) { try await self.open(path).item("/nowhere") }
    }
}
