import ArborCore
import ArborPath
@testable import ArborSources
import Dispatch
import Testing

/// A file the browser follows is a source standing for the version it read: its queries are answered from
/// that version's index, not by reading its items one by one (which took seconds on a large document).
@Suite("Queries of a followed file")
struct FollowedDocumentQueryTests {
    @Test func aFollowedDocumentIsAskedThroughItsIndex() async throws {
        let text = #"{"users": [{"name": "a", "followers": 5}, {"name": "b", "followers": 50}]}"#
        let document = try #require(LazyJSONDocument(bytes: Array(text.utf8), name: "users.json"))
        let followed = ReopeningSource(document, path: "/nonexistent/users.json", version: [1]) { document }
        #expect(followed.answersFromIndex)
        let query = SourceQuery(try JSONPath("$..[?@.followers > 10].name"), source: followed)
        let found: [String] = await withCheckedContinuation { continuation in
            DispatchQueue(label: "query").async {
                var found: [String] = []
                query.forEachMatch { match in
                    found.append(match.itemID + " " + match.value.compactJSON)
                    return true
                }
                continuation.resume(returning: found)
            }
        }
        #expect(found == [#"/users/1/name "b""#])
        #expect(query.reader.itemsRead == 0)
        let table = try #require(IndexedTable(bytes: Array("id,parent\n1,\n".utf8), delimiter: UInt8(ascii: ","), name: "t",
                                              mapping: FieldMapping()))
        #expect(!ReopeningSource(table, path: "/nonexistent/t.csv", version: [1]) { table }.answersFromIndex)
    }
}
