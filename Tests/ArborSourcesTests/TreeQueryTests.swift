import ArborCore
import ArborPath
@testable import ArborSources
import Testing

/// A source standing for another one without its index: queries of it walk the items one by one.
private struct ItemsOnly: HierarchySource {
    let base: any HierarchySource
    var displayName: String { base.displayName }
    func root() async throws -> SourceRoot? { try await base.root() }
    func numberOfChildren(of id: String) async throws -> Int? { try await base.numberOfChildren(of: id) }
    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] { try await base.childIDs(of: id, in: range) }
    func parentID(of id: String) async throws -> String? { try await base.parentID(of: id) }
    func item(_ id: String) async throws -> SourceItem { try await base.item(id) }
}

/// An object tree answers queries from its index with the values, paths, ids and titles its items give when
/// they are walked one by one.
@Suite("JSONPath over an object tree's index")
struct TreeQueryTests {
    static let trees = [
        #"{"title": "root", "size": 3, "children": [{"title": "a", "size": 12, "active": true, "children": [{"name": "a1", "size": "7", "note": null}]}, {"subtitle": "no title", "tags": ["x", "y"], "meta": {"k": 1}, "children": []}, {"title": "c", "title": "c again", "children": [{"title": "c1", "size": -2.50e1}]}]}"#,
        #"[{"name": "first", "kind": "pump", "children": [{"name": "x", "ke\"y": "q\u00e9", "size": 1}]}, {"id": "p2", "label": "second", "children": [{"id": "p3", "children": [{"title": "deep", "size": 100000000}]}]}, 5, "text", {"children": [1, [2, 3]]}]"#,
        #"{"id": "top", "title": "\u0074op", "status": "Breakdown", "children": [{"id": "a", "status": "Breakdown", "size": 0}, {"id": "b", "status": "Active", "children": [{"id": "c", "status": "Breakdown", "children": null}]}]}"#,
    ]

    static let queries = [
        "$", "$..*", "$..[?@.size > 10]", "$..[?@.title == 'a']", "$..[?@.size == '7']", "$..[?@.size == 7]",
        "$..children[0]", "$.children[*].title", "$..[?@.active == 'true']", "$..[?@.tags]", "$..[?@.note == 'null']",
        "$..[?length(@.children) > 1]", "$..[?@.status == 'Breakdown'].title", "$..title", "$..[?@['ke\"y'] == 'qé']",
        "$..[?@.meta == '{1 key}']", "$..[?search(@.title, 'again')]", "$.children[-1:]", "$..[?@.name]", "$..children",
        "$..[?count(@.*) > 3]", "$..[?@.kind == 'pump'].children[0].size",
    ]

    private func walk(_ expression: String, over source: any HierarchySource) async throws -> [String] {
        let query = SourceQuery(try JSONPath(expression), source: source)
        return await onQueryThread {
            var found: [String] = []
            query.forEachMatch { match in
                found.append([NormalizedPath.text(match.path), match.itemID, match.itemTitle, match.value.compactJSON].joined(separator: " | "))
                return true
            }
            if let failure = query.reader.failure { found.append("failure: " + failure.message) }
            return found
        }
    }

    @Test(arguments: Array(0..<trees.count))
    func theIndexGivesWhatTheItemsGive(_ which: Int) async throws {
        let tree = try #require(LazyJSONTree(bytes: Array(Self.trees[which].utf8), name: "t.json", mapping: FieldMapping(), force: true))
        #expect(tree.answersFromIndex)
        for expression in Self.queries {
            let items = try await walk(expression, over: ItemsOnly(base: tree))
            let indexed = try await walk(expression, over: tree)
            #expect(indexed == items, "\(expression) over tree \(which)")
        }
    }

    @Test func aQueryReadsNoItem() async throws {
        let tree = try #require(LazyJSONTree(bytes: Array(Self.trees[2].utf8), name: "t.json", mapping: FieldMapping(), force: true))
        let query = SourceQuery(try JSONPath("$..[?@.status == 'Breakdown']"), source: tree)
        let ids = await onQueryThread {
            var ids: [String] = []
            query.forEachMatch { match in
                ids.append(match.itemID)
                return true
            }
            return ids
        }
        #expect(ids == ["a", "c"])
        #expect(query.reader.itemsRead == 0)
    }
}
