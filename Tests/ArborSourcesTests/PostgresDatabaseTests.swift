import ArborCore
@testable import ArborSources
import Foundation
import Testing

/// A whole PostgreSQL database without flags: schemas, their tables and views, rows paged by key, fields.
@Suite("A whole PostgreSQL database, read lazily and read-only from a real server")
struct PostgresDatabaseTests {
    let cluster: TestCluster

    init() throws {
        cluster = try TestCluster.shared.get()
    }

    /// A schema of its own: `people` (a primary key, a JSON column, a NULL), `tags` (a two-column key), `log` (no
    /// key), `places` (a foreign key to itself) and a view.
    func makeSchema(people: Int = 3) throws -> String {
        let schema = TestCluster.uniqueName("s")
        try cluster.admin("""
            CREATE SCHEMA \(schema); GRANT USAGE ON SCHEMA \(schema) TO arbor;
            CREATE TABLE \(schema).people (id integer PRIMARY KEY, name text, prefs jsonb, age integer, ok boolean, photo bytea);
            INSERT INTO \(schema).people SELECT i, 'p' || i, '{"theme": "dark"}', CASE WHEN i = 2 THEN NULL ELSE 20 + i END, true, '\\x0102'
                FROM generate_series(1, \(people)) AS i;
            CREATE TABLE \(schema).tags (kind text, name text, n integer, PRIMARY KEY (kind, name));
            INSERT INTO \(schema).tags VALUES ('a', 'x', 1), ('a', 'y', 2), ('b', 'x', 3);
            CREATE TABLE \(schema).log (line text);
            INSERT INTO \(schema).log VALUES ('one'), ('two');
            CREATE TABLE \(schema).places (code integer PRIMARY KEY, up integer REFERENCES \(schema).places (code), label text);
            INSERT INTO \(schema).places VALUES (1, NULL, 'world'), (2, 1, 'europe'), (3, 2, 'france');
            CREATE VIEW \(schema).adults AS SELECT name FROM \(schema).people WHERE age > 21 ORDER BY id;
            GRANT SELECT ON ALL TABLES IN SCHEMA \(schema) TO arbor;
            """)
        return schema
    }

    func open(crossing: Bool = false) throws -> any HierarchySource {
        var request = SourceRequest(path: cluster.socketURI())
        request.crossesInto = crossing
        return try SourceOpener.open(request).hierarchy
    }

    @Test func theDatabaseListsSchemasThenTablesThenRowsThenFields() async throws {
        let schema = try makeSchema()
        let source = try open()
        #expect(try await source.children(of: "").map(\.content.title).contains(schema))
        let relations = try await source.children(of: "/\(schema)")
        #expect(relations.map(\.content.title) == ["adults", "log", "people", "places", "tags"])
        #expect(relations.map(\.content.subtitle) == ["view", "table", "table", "table · tree", "table"])
        #expect(try await source.numberOfChildren(of: "/\(schema)/people") == 3, "counted when asked")
        let people = try await source.children(of: "/\(schema)/people")
        #expect(people.map(\.id) == ["/\(schema)/people/1", "/\(schema)/people/2", "/\(schema)/people/3"])
        #expect(people.map(\.content.title) == ["p1", "p2", "p3"] && people[0].childCount == 6)
        let fields = try await source.children(of: "/\(schema)/people/2")
        #expect(fields.map(\.content.title) == ["id", "name", "prefs", "age", "ok", "photo"])
        #expect(fields.map(\.content.scalar?.kind) == [.number, .string, .string, .null, .boolean, .string])
        #expect(fields[5].content.body == "bytea · 2 B")
        #expect(try await source.item("/\(schema)/people/2/name").content.scalar?.text == "p2")
        #expect(try await source.parentID(of: "/\(schema)/people/2/name") == "/\(schema)/people/2")
        #expect(try await source.parentID(of: "/\(schema)/people") == "/\(schema)")
        let tags = try await source.children(of: "/\(schema)/tags")
        #expect(tags.map(\.id) == [#"/\#(schema)/tags/["a","x"]"#, #"/\#(schema)/tags/["a","y"]"#, #"/\#(schema)/tags/["b","x"]"#])
        #expect(try await source.item(tags[1].id).content.value(of: "n") == "2", "a two-column key finds its row")
        let log = try await source.children(of: "/\(schema)/log")
        #expect(log.map(\.content.title) == ["one", "two"] && log[0].id.hasPrefix("/\(schema)/log/(0,"))
        #expect(try await source.item(log[1].id).content.title == "two", "a table without a key finds its row by its place")
        #expect(try await source.children(of: "/\(schema)/adults").map(\.content.title) == ["p3"])
        await #expect(throws: SourceError.self) { try await source.item("/\(schema)/people/abc") }
    }

    @Test func aTableThatReferencesItselfIsATreeAndAJSONColumnOpens() async throws {
        let schema = try makeSchema()
        let source = try open(crossing: true)
        let top = try await source.children(of: "/\(schema)/places")
        #expect(top.map(\.id) == ["/\(schema)/places/1"] && top[0].content.title == "world")
        #expect(try await source.children(of: "/\(schema)/places/2").map(\.content.title) == ["france"])
        #expect(try await source.parentID(of: "/\(schema)/places/3") == "/\(schema)/places/2")
        let row = try await source.children(of: "/\(schema)/people/1")
        #expect(row.first { $0.content.title == "prefs" }?.childCount == 1)
        let prefs = try await source.children(of: "/\(schema)/people/1/prefs")
        #expect(prefs.map(\.content.title) == ["theme"], "a jsonb column opens as a document")
    }

    @Test func aLongTableIsPagedByKeyAndAgreesWithTheWholeList() async throws {
        let schema = try makeSchema(people: 2_500)
        let source = try open()
        let table = "/\(schema)/people"
        let paged = try #require(try await source.pagedChildren(of: table))
        #expect(paged.count == 2_500 && paged.first.count == ChildPaging.pageSize)
        var ids = paged.first.map(\.id)
        var start = paged.first.count
        while start < 2_500 {
            let page = try await source.children(of: table, in: start..<min(2_500, start + ChildPaging.pageSize))
            ids += page.map(\.id)
            start += page.count
        }
        #expect(ids == (1...2_500).map { "\(table)/\($0)" }, "pages read after one another follow by key")
        #expect(try await source.children(of: table, in: 2_400..<2_402).map(\.id) == ["\(table)/2401", "\(table)/2402"], "a page jumped to")
    }
}
