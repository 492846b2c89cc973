import ArborCore
@testable import ArborSources
import Foundation
import Testing

@Suite("PostgreSQL: path columns, and the headless questions streamed from recursive statements")
struct PostgresStreamingTests {
    let cluster: TestCluster

    init() throws {
        cluster = try TestCluster.shared.get()
    }

    /// The same tree three ways: `id`/`parent` (with NULL and tied ranks, and two rows in a cycle under no
    /// top), an `ltree` path and a `/` text path. Titles are the last label.
    func makeTables() throws -> (adjacency: String, ltree: String, text: String) {
        let (adjacency, ltree, text) = (TestCluster.uniqueName("tree"), TestCluster.uniqueName("lpaths"), TestCluster.uniqueName("tpaths"))
        let rows: [(id: Int, parent: Int?, name: String, rank: Int?)] = [
            (1, nil, "earth", 2), (2, nil, "mars", 1), (3, 1, "europe", nil), (4, 1, "asia", 1), (5, 1, "africa", 1),
            (6, 3, "france", 1), (7, 3, "spain", 2), (8, 6, "paris", 1), (9, 6, "lyon", 1), (10, 4, "japan", 1),
            (11, 2, "olympus", 1), (20, 21, "loop_a", 1), (21, 20, "loop_b", 1),
        ]
        let byID = Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) })
        func path(_ id: Int) -> [String] {
            guard let row = byID[id], id < 20 else { return [] }
            return (row.parent.map(path) ?? []) + [row.name]
        }
        let values = rows.map { "(\($0.id), \($0.parent.map(String.init) ?? "NULL"), '\($0.name)', \($0.rank.map(String.init) ?? "NULL"))" }
        let paths = rows.filter { $0.id < 20 }.map { "('\(path($0.id).joined(separator: "."))', \($0.rank.map(String.init) ?? "NULL"))" }
        try cluster.admin("""
            CREATE TABLE \(adjacency) (id integer PRIMARY KEY, parent integer, name text, rank integer);
            INSERT INTO \(adjacency) VALUES \(values.joined(separator: ", "));
            CREATE TABLE \(ltree) (path ltree PRIMARY KEY, rank integer);
            INSERT INTO \(ltree) VALUES \(paths.joined(separator: ", "));
            CREATE TABLE \(text) (path text PRIMARY KEY, rank integer);
            INSERT INTO \(text) SELECT replace(path::text, '.', '/'), rank FROM \(ltree);
            """)
        return (adjacency, ltree, text)
    }

    func open(_ table: String, settings: [String: String] = [:], orderBy: String? = nil) throws -> any StreamingQueries {
        var request = SourceRequest(path: cluster.socketURI())
        request.settings["table"] = table
        request.settings["order-by"] = orderBy
        for (name, value) in settings { request.settings[name] = value }
        return try #require(try SourceOpener.open(request).hierarchy as? any StreamingQueries)
    }

    /// The tree as the lazy printer lists it, asking for each list in turn.
    func lazyLines(_ source: any HierarchySource, _ printer: TreePrinter) async throws -> [String] {
        var lines: [String] = []
        try await printer.print(source) { lines.append(String(decoding: $0, as: UTF8.self)) }
        return lines
    }

    func streamedLines(_ source: any StreamingQueries, _ printer: TreePrinter) throws -> [String] {
        var lines: [String] = []
        try printer.print(source) { lines.append(String(decoding: $0, as: UTF8.self)) }
        return lines
    }

    @Test func theStreamedTreeIsTheLazyTreeInEveryShape() async throws {
        let tables = try makeTables()
        let sources = [
            try open(tables.adjacency), try open(tables.adjacency, orderBy: "rank"),
            try open(tables.adjacency, settings: ["root": "3"]),
            try open(tables.ltree, settings: ["path-column": "path"]), try open(tables.text, settings: ["path-column": "path"]),
            try open(tables.ltree, settings: ["path-column": "path"], orderBy: "rank"),
        ]
        let printers = [
            TreePrinter(formatter: ItemFormatter(field: .title, idsArePaths: false)),
            TreePrinter(formatter: ItemFormatter(field: .path, idsArePaths: false), depth: 1, ascii: true),
            TreePrinter(formatter: ItemFormatter(field: .id, idsArePaths: false), depth: 0),
        ]
        for source in sources {
            for printer in printers {
                #expect(try streamedLines(source, printer) == (try await lazyLines(source, printer)), "\(source.displayName)")
            }
        }
        let ranked = try streamedLines(sources[1], printers[0])
        #expect(ranked == ["mars", "└── olympus", "earth", "├── asia", "│   └── japan", "├── africa", "└── europe",
                           "    ├── france", "    │   ├── paris", "    │   └── lyon", "    └── spain"])
    }

    @Test func pathColumnsAreBrowsedLazily() async throws {
        let tables = try makeTables()
        for table in [tables.ltree, tables.text] {
            let source = try open(table, settings: ["path-column": "path"])
            let separator = table == tables.ltree ? "." : "/"
            #expect(try await source.children(of: "").map(\.id) == ["earth", "mars"])
            let continents = try await source.children(of: "earth")
            #expect(continents.map(\.content.title) == ["earth\(separator)africa", "earth\(separator)asia", "earth\(separator)europe"])
            #expect(continents.map(\.childCount) == [0, 1, 2])
            #expect(try await source.parentID(of: "earth\(separator)europe\(separator)france") == "earth\(separator)europe")
            #expect(try await source.parentID(of: "earth") == nil)
        }
    }

    func collect(_ source: any StreamingQueries, _ relation: StreamedRelation, of id: String) throws -> [String]? {
        var lines: [String] = []
        let found = try source.streamRelatives(relation, of: id, titlePaths: true) { item, titles in
            lines.append(item.id + " " + titles.joined(separator: "/"))
            return true
        }
        return found ? lines : nil
    }

    @Test func relativesAreTheLoadedStoresInEveryShape() async throws {
        let tables = try makeTables()
        for (table, settings) in [(tables.adjacency, [:]), (tables.ltree, ["path-column": "path"]), (tables.text, ["path-column": "path"])] {
            let source = try open(table, settings: settings)
            let store = try await NodeStore.loaded(from: source)
            let queries = RelativeQueries(store: store)
            func loaded(_ handles: [NodeHandle]) -> [String] {
                handles.map { handle in
                    store[handle].id + " " + (queries.ancestors(of: handle).reversed() + [handle]).map { store[$0].title }.joined(separator: "/")
                }
            }
            for item in handlesBelowTop(store) {
                let id = store[item].id
                #expect(try collect(source, .ancestors, of: id) == loaded(queries.ancestors(of: item)), "\(id)")
                #expect(try collect(source, .siblings, of: id) == loaded(queries.siblings(of: item)), "\(id)")
                let descendants = try #require(try collect(source, .descendants, of: id))
                #expect(descendants.sorted() == loaded(queries.descendants(of: item)).sorted(), "\(id)")
                let levels = descendants.map { $0.split(separator: "/").count }
                #expect(levels == levels.sorted(), "level by level: \(descendants)")
            }
            #expect(try collect(source, .descendants, of: "nowhere") == nil)
        }
    }

    @Test func aCycleEndsAndAnEarlyStopLeavesTheConnectionUsable() throws {
        let tables = try makeTables()
        let source = try open(tables.adjacency)
        #expect(try collect(source, .descendants, of: "20") == ["21 loop_b/loop_a/loop_b", "20 loop_b/loop_a/loop_b/loop_a"])
        var seen = 0
        _ = try source.streamRelatives(.descendants, of: "1", titlePaths: false) { _, _ in
            seen += 1
            return false
        }
        #expect(seen == 1)
        #expect(try collect(source, .descendants, of: "3")?.count == 4)
        let view = tables.adjacency + "_view"
        try cluster.admin("CREATE VIEW \(view) AS SELECT * FROM \(tables.adjacency); GRANT SELECT ON \(view) TO arbor;")
        for (table, unique) in [(tables.adjacency, true), (view, false)] {
            // With a unique id a cycle can only pass through the start; without, each row carries its route.
            let looped = try open(table, settings: ["root": "20"])
            #expect((looped as? PostgresSource)?.shape.idIsUnique == unique)
            #expect(try collect(looped, .descendants, of: "20") == ["21 loop_a/loop_b", "20 loop_a/loop_b/loop_a"], "\(table)")
            var printed: [String] = []
            try looped.streamTree(depth: nil) { row in
                printed.append("\(row.level) \(row.item.id)")
                return true
            }
            #expect(printed == ["0 20", "1 21"], "\(table)")
        }
        // A unique index left invalid by a failed concurrent build guarantees nothing: the route is carried.
        let repeated = TestCluster.uniqueName("repeated")
        try cluster.admin("""
            CREATE TABLE \(repeated) (id integer, parent integer, name text);
            INSERT INTO \(repeated) VALUES (20, 21, 'loop_a'), (21, 20, 'loop_b'), (21, 20, 'loop_b');
            GRANT SELECT ON \(repeated) TO arbor;
            """)
        _ = try? cluster.admin("CREATE UNIQUE INDEX CONCURRENTLY \(repeated)_id ON \(repeated) (id)")
        #expect(try cluster.admin("SELECT count(*) FROM pg_index WHERE indrelid = '\(repeated)'::regclass AND NOT indisvalid")
            .trimmingCharacters(in: .whitespacesAndNewlines) == "1")
        let unsure = try open(repeated, settings: ["root": "20"])
        #expect((unsure as? PostgresSource)?.shape.idIsUnique == false)
        #expect(try collect(unsure, .descendants, of: "20")?.count == 4, "each row 21, then the start once below each")
        let rooted = try open(tables.adjacency, settings: ["root": "3"])
        #expect(try collect(rooted, .ancestors, of: "8")?.map { $0.split(separator: " ")[0] } == ["6", "3"])
        #expect(try collect(rooted, .descendants, of: "10") == nil)
    }

    @Test func batchesAskedAheadArriveWholeInOrderAndAStopInAnyBatchLeavesTheConnectionUsable() throws {
        let table = TestCluster.uniqueName("batches")
        try cluster.admin("""
            CREATE TABLE \(table) (id integer PRIMARY KEY, parent integer, name text);
            INSERT INTO \(table) VALUES (1, NULL, 'top');
            INSERT INTO \(table) SELECT i, 1, 'n' || i FROM generate_series(2, 4301) AS i;
            """)
        let source = try open(table)
        let all = try #require(try collect(source, .descendants, of: "1"))
        #expect(all.map { String($0.split(separator: " ")[0]) } == (2...4301).map(String.init), "100, 2,000, 2,000 and 200 rows")
        for stop in [50, 100, 101, 2_100, 2_101, 4_300] {
            var seen = 0
            _ = try source.streamRelatives(.descendants, of: "1", titlePaths: false) { _, _ in
                seen += 1
                return seen < stop
            }
            #expect(seen == stop)
            #expect(try collect(source, .siblings, of: "2")?.count == 4_299, "usable after a stop at \(stop)")
        }
    }
}

/// Every item of a store below its top, depth first.
private func handlesBelowTop(_ store: NodeStore) -> [NodeHandle] {
    var found: [NodeHandle] = []
    var stack = store.children(of: NodeStore.top)
    while let handle = stack.popLast() {
        found.append(handle)
        stack += store.children(of: handle)
    }
    return found
}
