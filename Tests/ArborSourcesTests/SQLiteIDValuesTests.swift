import ArborCore
@testable import ArborSources
import Foundation
import Testing

@Suite("SQLite ids compare with the id column's own values")
struct SQLiteIDValuesTests {
    /// A table whose columns have no declared type: ids 1 (an integer) and '1' (text) are different rows, each
    /// with a child of its own, and `count` more integer ids at the top.
    func makeTypelessDatabase(count: Int) throws -> String {
        try temporarySQLite { db in
            try db.execute(sql: "CREATE TABLE nodes(id, parent, name)")
            try db.execute(sql: "CREATE INDEX nodes_parent ON nodes(parent)")
            try db.execute(sql: "INSERT INTO nodes VALUES (1, NULL, 'integer one'), ('1x', NULL, 'text one')")
            try db.execute(sql: "INSERT INTO nodes VALUES (2, 1, 'under the integer'), ('2x', '1x', 'under the text')")
            // Integer ids 10, 11, ... and their titles, in one statement.
            if count > 0 {
                try db.execute(sql: """
                    WITH RECURSIVE n(id) AS (SELECT 10 UNION ALL SELECT id + 1 FROM n WHERE id < ?)
                    INSERT INTO nodes SELECT id, NULL, 'top ' || id FROM n
                    """, arguments: [.integer(Int64(10 + count - 1))])
            }
        }
    }

    @Test func aTypelessColumnFindsChildrenByTheValueTheRowHas() async throws {
        let path = try makeTypelessDatabase(count: 0)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let source = try openNodesTable(path)
        #expect(try await source.children(of: "").map(\.content.title) == ["integer one", "text one"])
        #expect(try await source.children(of: "1").map(\.content.title) == ["under the integer"])
        #expect(try await source.children(of: "1x").map(\.content.title) == ["under the text"])
    }

    @Test func idsReadLongAgoAreStillFoundOnceTheirValuesAreForgotten() async throws {
        let path = try makeTypelessDatabase(count: SQLiteIDValues.limit + 10)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let source = try openNodesTable(path)
        let top = try await source.children(of: "")
        #expect(top.count == SQLiteIDValues.limit + 12)
        _ = try await source.children(of: "", in: 100..<110)
        #expect(try await source.children(of: "1").map(\.content.title) == ["under the integer"])
        #expect(try await source.numberOfChildren(of: "1") == 1)
    }

    @Test func aTypedIdWithATypelessParentColumnStillFindsChildren() async throws {
        let path = try temporarySQLite { db in
            try db.execute(sql: "CREATE TABLE nodes(id INTEGER PRIMARY KEY, parent, name TEXT)")
            try db.execute(sql: "INSERT INTO nodes VALUES (1, NULL, 'top'), (2, 1, 'child')")
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let source = try openNodesTable(path)
        let children = try await source.children(of: "1")
        #expect(children.map(\.content.title) == ["child"])
    }

    @Test func aDeclaredTypeRemembersNothing() {
        for type in ["INTEGER", "int", "TEXT", "varchar(20)", "REAL", "NUMERIC", "decimal"] {
            #expect(!SQLiteIDValues(declaredTypes: [type, "INTEGER"]).remembers, "\(type)")
        }
        for type in ["", "BLOB", "blob"] {
            #expect(SQLiteIDValues(declaredTypes: [type, "INTEGER"]).remembers, "\(type)")
            #expect(SQLiteIDValues(declaredTypes: ["INTEGER", type]).remembers, "a parent column of \(type)")
        }
        var values = SQLiteIDValues(declaredTypes: ["INTEGER", "INTEGER"])
        values.record(["7": .integer(7)])
        #expect(values.value(for: "7") == .text("7"))
    }
}
