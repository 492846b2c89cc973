import ArborCore
import ArborPath
@testable import ArborSources
import Testing

/// A query's walk recurses once per level of nesting and per step of the query: it runs on a thread with the
/// stack for ``JSONPath/depthLimit`` levels, and deeper input ends the walk with a message, not a crash.
@Suite("Queries of deeply nested input")
struct DeepQueryTests {
    private func nested(_ levels: Int) -> [UInt8] {
        Array((String(repeating: #"{"a":"#, count: levels) + "1" + String(repeating: "}", count: levels)).utf8)
    }

    private func run(_ expression: String, over source: any HierarchySource) async throws -> (paths: [String], failure: String?) {
        let query = SourceQuery(try JSONPath(expression), source: source)
        return await onQueryThread {
            var paths: [String] = []
            query.forEachMatch { match in
                paths.append(NormalizedPath.text(match.path))
                return true
            }
            return (paths, query.reader.failure?.message)
        }
    }

    @Test func aDocumentAsDeepAsTheLimitIsWalkedToItsBottom() async throws {
        let levels = JSONPath.depthLimit - 1
        let document = try #require(LazyJSONDocument(bytes: nested(levels), name: "deep.json"))
        let found = try await run("$..[?@.a == 1]", over: document)
        #expect(found.failure == nil)
        #expect(found.paths == ["$" + String(repeating: "['a']", count: levels - 1)])
        let top = try await run("$.a", over: document)
        #expect(top.paths == ["$['a']"])
    }

    @Test func aDeeperDocumentIsRefusedWithThePlaceItGoesTooDeep() async throws {
        let document = try #require(LazyJSONDocument(bytes: nested(100_000), name: "deep.json"))
        for expression in ["$..a", "$.a", "$..[?@.a]", "$[0]"] {
            let found = try await run(expression, over: document)
            #expect(found.paths.isEmpty)
            let column = 5 * JSONPath.depthLimit + 1
            #expect(found.failure == "deep.json: line 1, column \(column): values nested more than \(JSONPath.depthLimit) deep: a query goes no deeper")
        }
    }

    @Test func aHierarchyWalkedItemByItemStopsAtTheLimit() async throws {
        let chain = ChainSource(levels: JSONPath.depthLimit + 10)
        let deep = try await run("$..[?@.title == 'nothing']", over: chain)
        #expect(deep.paths.isEmpty)
        #expect(deep.failure == JSONPathDepthError().description)
        let shallow = try await run("$..[?@.title == 'nothing']", over: ChainSource(levels: JSONPath.depthLimit / 4))
        #expect(shallow.paths.isEmpty && shallow.failure == nil)
    }

    /// `print` follows the same bound: the levels within it are printed, the item at the bound that holds more
    /// gets a line saying why nothing follows, and the problem is heard once however many items are cut.
    @Test func printStopsAtTheSameBoundAndSaysSoOnce() async throws {
        var lines: [String] = []
        var problems: [String] = []
        let printer = TreePrinter(formatter: ItemFormatter(field: .title, idsArePaths: false), ascii: true)
        try await printer.print(ChainSource(levels: 100_000), problem: { problems.append($0) }) {
            lines.append(String(decoding: $0, as: UTF8.self))
        }
        #expect(lines.count == JSONPath.depthLimit + 2)
        #expect(lines[JSONPath.depthLimit] == String(repeating: "    ", count: JSONPath.depthLimit - 1) + "`-- level \(JSONPath.depthLimit)")
        #expect(lines.last == String(repeating: "    ", count: JSONPath.depthLimit) + "`-- ⚠ values nested more than 512 deep: print goes no deeper")
        #expect(problems == ["values nested more than 512 deep: print goes no deeper (below 512)"])
        lines = []
        try await printer.print(ChainSource(levels: JSONPath.depthLimit)) { lines.append(String(decoding: $0, as: UTF8.self)) }
        #expect(lines.count == JSONPath.depthLimit + 1 && lines.last?.hasSuffix("`-- level 512") == true, "a chain as deep as the bound is whole")
    }
}

/// Items each holding the next, `levels` deep; ids are numbers.
private struct ChainSource: HierarchySource {
    let levels: Int
    var displayName: String { "chain" }

    func root() async throws -> SourceRoot? { SourceRoot(id: "0", isVirtual: false) }
    func numberOfChildren(of id: String) async throws -> Int? { Int(id)! < levels ? 1 : 0 }
    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        Int(id)! < levels && range.contains(0) ? [String(Int(id)! + 1)] : []
    }
    func parentID(of id: String) async throws -> String? { id == "0" ? nil : String(Int(id)! - 1) }
    func item(_ id: String) async throws -> SourceItem {
        SourceItem(id: id, content: ItemContent(title: "level " + id), childCount: Int(id)! < levels ? 1 : 0)
    }
}
