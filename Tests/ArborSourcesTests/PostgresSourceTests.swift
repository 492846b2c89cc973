import ArborCore
@testable import ArborSources
import Foundation
import Synchronization
import Testing

@Suite("A PostgreSQL table, read lazily and read-only from a real server")
struct PostgresSourceTests {
    let cluster: TestCluster

    init() throws {
        cluster = try TestCluster.shared.get()
    }

    /// `name(id, parent, name, rank)`: row 1 at the top with `count` children whose ranks tie in tens and are
    /// NULL for every 97th (ids not in rank order), row 2 under 1 having three children of its own.
    func makeTable(count: Int) throws -> String {
        let name = TestCluster.uniqueName("nodes")
        try cluster.admin("""
            CREATE TABLE \(name) (id integer PRIMARY KEY, parent integer, name text, rank integer);
            CREATE INDEX ON \(name) (parent, id);
            INSERT INTO \(name) VALUES (1, NULL, 'top', 0);
            INSERT INTO \(name) SELECT 2 + (i * 7919) % \(count), 1, 'n' || (2 + (i * 7919) % \(count)),
                CASE WHEN i % 97 = 0 THEN NULL ELSE (\(count) - i) / 10 END FROM generate_series(0, \(count - 1)) AS i;
            INSERT INTO \(name) VALUES (\(count + 2), 2, 'a', 1), (\(count + 3), 2, 'b', 2), (\(count + 4), 2, 'c', 3);
            """)
        return name
    }

    func open(_ table: String?, uri: String? = nil, orderBy: String? = nil, settings: [String: String] = [:],
              timeout: Double = 10) throws -> any HierarchySource {
        var request = SourceRequest(path: uri ?? cluster.socketURI())
        request.settings["table"] = table
        request.settings["order-by"] = orderBy
        request.timeout = timeout
        for (name, value) in settings { request.settings[name] = value }
        return try SourceOpener.open(request).hierarchy
    }

    @Test(arguments: [nil, "rank"])
    func pagesInAnyOrderAgreeWithTheWholeList(orderBy: String?) async throws {
        let table = try makeTable(count: 5_000)
        let source = try open(table, orderBy: orderBy)
        let whole = try await source.children(of: "1").map(\.id)
        #expect(whole.count == 5_000)
        let paged = try #require(try await source.pagedChildren(of: "1"))
        #expect(paged.count == 5_000)
        #expect(paged.first.map(\.id) == Array(whole[0..<ChildPaging.pageSize]))
        for range in [4_744..<5_000, 256..<512, 4_488..<4_744, 2_000..<2_256, 2_256..<2_512, 1_000..<1_256, 4_999..<5_000] {
            #expect(try await source.children(of: "1", in: range).map(\.id) == Array(whole[range]), "\(range)")
        }
        for position in [0, 1, 2_345, 4_999] {
            #expect(try await source.position(of: whole[position], in: "1") == position)
        }
        #expect(try await source.position(of: "1", in: "1") == nil)
        if orderBy == "rank" {
            // NULL ranks come last, as PostgreSQL sorts them; ties in id order.
            let ranks = try await source.children(of: "1", in: 0..<5_000).map { $0.content.fields.first { $0.name == "rank" }?.value ?? "" }
            #expect(ranks.suffix(52).allSatisfy(\.isEmpty) && !ranks[4_947].isEmpty)
        }
    }

    @Test func aVeryLongListShowsAtOnceAndItsExactCountFollows() async throws {
        let table = TestCluster.uniqueName("long")
        try cluster.admin("""
            CREATE TABLE \(table) (id integer PRIMARY KEY, parent integer, name text);
            INSERT INTO \(table) SELECT i, CASE WHEN i = 1 THEN NULL ELSE 1 END, 'n' || i FROM generate_series(1, 300001) AS i;
            CREATE INDEX ON \(table) (parent, id);
            ANALYZE \(table);
            """)
        // Under make test's load, reading the last page of 300,000 rows took more than the default 10 s once.
        let source = try open(table, timeout: 60)
        let changes = Mutex<[SourceChange]>([])
        try #require(source as? any ChangeReporting).observeChanges { change in changes.withLock { $0.append(change) } }
        let shown = try #require(try await source.pagedChildren(of: "1"))
        #expect(shown.first.map(\.id) == (2..<258).map(String.init), "the first page at once")
        var waited = 0
        while changes.withLock({ $0.isEmpty }), waited < 200 {
            try await Task.sleep(for: .milliseconds(50))
            waited += 1
        }
        #expect(changes.withLock { $0 } == [.childCountChanged(of: "1", count: 300_000)], "the exact count follows as a change")
        #expect(try await source.children(of: "1", in: 299_744..<300_000).map(\.id) == (299_746...300_001).map(String.init),
                "pages are found by the exact count")
        #expect(try await source.children(of: "1", in: 256..<512).map(\.id) == (258..<514).map(String.init))
    }

    @Test func theTopCountsParentsAndItemsComeFromTheTable() async throws {
        let table = try makeTable(count: 300)
        let source = try open(table)
        #expect(try await source.root() == SourceRoot(id: "", isVirtual: true))
        let top = try await source.children(of: "")
        #expect(top.map(\.id) == ["1"] && top[0].childCount == 300 && top[0].content.title == "top")
        let second = try await source.children(of: "1").first { $0.id == "2" }
        #expect(second?.childCount == 3)
        #expect(try await source.children(of: "2").map(\.content.title) == ["a", "b", "c"])
        let short = try #require(try await source.pagedChildren(of: "2"), "a list shorter than a page is whole at once")
        #expect(short.count == 3 && short.first.map(\.content.title) == ["a", "b", "c"])
        #expect(try await source.parentID(of: "303") == "2")
        #expect(try await source.parentID(of: "1") == nil)
        #expect(try await source.item("302").content.title == "a")
        #expect(try await source.numberOfChildren(of: "1") == 300)
        await #expect(throws: SourceError.self) { try await source.item("999999") }
        #expect(source.displayName.hasPrefix("\(table) · arbor@"))
    }

    @Test func aCountPastTheLimitIsLeftForTheBackgroundInEveryShape() async throws {
        let (adjacency, ltree, text) = (TestCluster.uniqueName("counted"), TestCluster.uniqueName("lcounted"), TestCluster.uniqueName("tcounted"))
        let limit = ChildPaging.listedCountLimit
        try cluster.admin("""
            CREATE TABLE \(adjacency) (id integer PRIMARY KEY, parent integer, name text);
            CREATE INDEX ON \(adjacency) (parent, id);
            INSERT INTO \(adjacency) VALUES (1, NULL, 'many'), (2, NULL, 'limit'), (3, NULL, 'none');
            INSERT INTO \(adjacency) SELECT i, 1, 'm' FROM generate_series(10, \(10 + limit)) AS i;
            INSERT INTO \(adjacency) SELECT i, 2, 'l' FROM generate_series(100000, \(100000 + limit - 1)) AS i;
            ANALYZE \(adjacency);
            CREATE TABLE \(ltree) (path ltree PRIMARY KEY);
            INSERT INTO \(ltree) VALUES ('many'), ('limit'), ('none');
            INSERT INTO \(ltree) SELECT ('many.m' || i)::ltree FROM generate_series(0, \(limit)) AS i;
            INSERT INTO \(ltree) SELECT ('limit.l' || i)::ltree FROM generate_series(1, \(limit)) AS i;
            CREATE TABLE \(text) (path text PRIMARY KEY);
            INSERT INTO \(text) SELECT replace(path::text, '.', '/') FROM \(ltree);
            """)
        let sources = [try open(adjacency), try open(ltree, settings: ["path-column": "path"]), try open(text, settings: ["path-column": "path"])]
        for source in sources {
            let top = try await source.children(of: "")
            let counts = Dictionary(uniqueKeysWithValues: top.map { ($0.content.title, $0.childCount) })
            #expect(counts == ["many": nil, "limit": limit, "none": 0], "\(source.displayName)")
            #expect(source is any BackgroundCounting)
            let many = try #require(top.first { $0.content.title == "many" })
            #expect(try await source.numberOfChildren(of: many.id) == limit + 1, "asked on its own: exact")
        }
    }

    @Test func theStartItemIsChosenWithRoot() async throws {
        let table = try makeTable(count: 10)
        let source = try open(table, settings: ["root": "2"])
        #expect(try await source.root() == SourceRoot(id: "2", isVirtual: false))
        #expect(try await source.parentID(of: "2") == nil)
        #expect(throws: SourceLoadError.self) { try open(table, settings: ["root": "999"]) }
    }

    @Test func everyFormOfConnectionReachesTheServer() async throws {
        let table = try makeTable(count: 5)
        for uri in [cluster.socketURI(), cluster.loopbackURI(), cluster.loopbackURI(scheme: "postgres"),
                    "host=\(cluster.folder) port=\(cluster.port) user=arbor dbname=arbor"] {
            var request = SourceRequest(path: uri)
            request.settings["table"] = table
            if !uri.contains("://") { request.format = .postgres }
            let source = try SourceOpener.open(request).hierarchy
            #expect(try await source.numberOfChildren(of: "1") == 5, "\(uri)")
        }
    }

    @Test func errorsSayWhatIsWrongAndNeverThePassword() throws {
        let table = try makeTable(count: 5)
        func failure(_ body: () throws -> Any) -> String {
            do { _ = try body(); return "" } catch { return "\(error)" }
        }
        let wrong = failure { try open(table, uri: cluster.loopbackURI(password: "hunter2-wrong")) }
        #expect(wrong.contains("password authentication failed") && !wrong.contains("hunter2"))
        #expect(wrong.hasPrefix("postgresql://arbor@127.0.0.1:\(cluster.port)/arbor: "))
        let refused = failure { try open(table, uri: "postgres://arbor:sekrit@127.0.0.1:1/arbor") }
        #expect(refused.contains("127.0.0.1") && refused.contains("port 1") && !refused.contains("sekrit"))
        #expect(failure { try open("missing_table") }.contains("no table or view 'missing_table'"))
        _ = try makeTable(count: 1)
        #expect(try open(nil) is PostgresDatabaseSource, "two tables or more: the whole database")
        var mapping = SourceRequest(path: cluster.socketURI())
        mapping.settings["table"] = table
        mapping.mapping.parent = ["up"]
        #expect(failure { try SourceOpener.open(mapping) }.contains("has no column 'up'"))
        #expect(failure { try open(table, uri: cluster.socketURI(database: "nowhere")) }.contains("database \"nowhere\" does not exist"))
    }

    @Test func namesAndValuesCannotBecomeSQL() async throws {
        let table = try makeTable(count: 5)
        let injected = "\(table); DROP TABLE \(table)"
        do {
            _ = try open(injected)
            Issue.record("an injected table name opened")
        } catch {
            #expect("\(error)".contains("no table or view '\(injected)'"))
        }
        let source = try open(table)
        // A value is a parameter: the server reads it as an id of the column's type, and refuses it.
        await #expect(throws: SourceError.self) { try await source.children(of: "1' OR '1'='1") }
        #expect(try await source.item("1").content.title == "top")
        #expect(try await source.item("1").content.title == "top")
        #expect(try cluster.admin("SELECT count(*) FROM \(table)") == "9")
    }

    @Test func theServerRefusesEveryWrite() throws {
        let table = try makeTable(count: 5)
        let connection = try PostgresConnection(PostgresTarget(connection: cluster.socketURI(), timeoutSeconds: 5))
        for statement in ["INSERT INTO \(table) VALUES (100, 1, 'x', 0)", "DELETE FROM \(table)", "CREATE TABLE intruder (x int)",
                          "UPDATE \(table) SET name = 'x'"] {
            do throws(PostgresError) {
                _ = try connection.query(statement)
                Issue.record("the server accepted \(statement)")
            } catch {
                #expect(error.state == "25006" && error.message.contains("read-only transaction"), "\(statement): \(error)")
            }
        }
        #expect(try cluster.admin("SELECT count(*) FROM \(table)") == "9")
    }
}
