import ArborCore
import ArborPath
import Testing

/// A document that answers queries from its value, as a source with an index of its own does; ids are pointers.
final class IndexedValueSource: HierarchySource, IndexedQuerying {
    let document: JSONPathValue
    let displayName = "indexed"

    /// An error the walk throws instead of answering, when set.
    let failure: (any Error)?

    init(_ document: JSONPathValue, failing failure: (any Error)? = nil) {
        self.document = document
        self.failure = failure
    }

    func root() async throws -> SourceRoot? { SourceRoot(id: "", isVirtual: false) }
    func numberOfChildren(of id: String) async throws -> Int? { 0 }
    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] { [] }
    func parentID(of id: String) async throws -> String? {
        guard let slash = id.lastIndex(of: "/") else { return nil }
        return String(id[..<slash])
    }
    func item(_ id: String) async throws -> SourceItem { SourceItem(id: id, content: ItemContent(title: id), childCount: 0) }

    func forEachQueryMatch(_ path: JSONPath, shouldStop: @escaping () -> Bool, _ body: (QueryMatch) -> Bool) throws -> Bool {
        if let failure { throw failure }
        return try path.forEachMatch(in: document, shouldStop: shouldStop) { node, keys in
            let pointer = keys.map { key -> String in
                switch key {
                case .name(let name): return "/" + name
                case .index(let index): return "/\(index)"
                }
            }.joined()
            return body(QueryMatch(itemID: pointer, itemTitle: "", path: keys) { node })
        }
    }
}

@Suite("A source with an index of its own answers queries from it")
struct IndexedQueryTests {
    @Test func theIndexAnswersAndTheTreeIsBuiltFromItsIDs() async throws {
        let source = IndexedValueSource(try JSONPathValue(parsing: #"{"a": {"b": 1, "x": 2}, "c": 1}"#))
        let query = SourceQuery(try JSONPath("$..[?@ == 1]"), source: source)
        let answer = try await onOwnThread { query.answer() }
        // The RFC's order: the root's children are filtered before the walk goes below them.
        #expect(answer.matches == ["/c", "/a/b"])
        #expect(answer.children(of: "") == ["/c", "/a"] && answer.matchCount(under: "/a") == 1)
        let values = try await onOwnThread {
            var found: [String] = []
            query.forEachMatch { match in
                found.append(NormalizedPath.text(match.path) + " " + match.value.compactJSON)
                return true
            }
            return found
        }
        #expect(values == ["$['c'] 1", "$['a']['b'] 1"])
    }

    @Test func aWalkThatFailsLeavesItsReason() async throws {
        struct Unreadable: Error, CustomStringConvertible {
            var description: String { "the index cannot be read" }
        }
        for (error, said) in [(Unreadable() as any Error, "the index cannot be read"), (SourceError("gone"), "gone")] {
            let source = IndexedValueSource(try JSONPathValue(parsing: "[1]"), failing: error)
            let query = SourceQuery(try JSONPath("$[*]"), source: source)
            #expect(try await onOwnThread { !query.forEachMatch { _ in true } })
            #expect(query.reader.failure?.message == said)
            let answer = try await onOwnThread { SourceQuery(try JSONPath("$[*]"), source: source).answer() }
            #expect(answer.failure == said && answer.matches.isEmpty)
        }
    }
}
