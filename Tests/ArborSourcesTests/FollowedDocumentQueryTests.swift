import ArborCore
import ArborPath
@testable import ArborSources
import Dispatch
import Synchronization
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

    /// The answer of `query` on a thread of its own, as the browser asks: each match's id and value.
    func answer(_ query: SourceQuery, shouldStop: @escaping @Sendable () -> Bool = { false }) async -> (found: [String], finished: Bool) {
        await withCheckedContinuation { continuation in
            DispatchQueue(label: "query").async {
                var found: [String] = []
                let finished = query.forEachMatch(shouldStop: shouldStop) { match in
                    found.append(match.itemID + " " + match.value.compactJSON)
                    return true
                }
                continuation.resume(returning: (found, finished))
            }
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func whileAPartIsShownAQueryWaitsForTheWholeAndAnswersFromIt() async throws {
        let part = try #require(LazyJSONDocument(bytes: Array(#"{"users": [{"name": "a", "followers": 5}]}"#.utf8), name: "users.json"))
        let whole = try #require(LazyJSONDocument(bytes: Array(#"{"users": [{"name": "a", "followers": 5}, {"name": "b", "followers": 50}]}"#.utf8),
                                                  name: "users.json"))
        let followed = ReopeningSource(part, path: "/nonexistent/users.json", version: [1]) { whole }
        let release = DispatchSemaphore(value: 0)
        defer { release.signal() }
        followed.complete { () throws(SourceLoadError) in
            release.wait()
            return OpenedSource(hierarchy: whole, format: .document)
        }
        #expect(!followed.isComplete)
        #expect(followed.answersFromIndex, "while the part is shown, the query goes to the source, which waits")
        let path = try JSONPath("$..[?@.followers > 10].name")
        let asked = Atomic(false)
        let stopped = await answer(SourceQuery(path, source: followed), shouldStop: {
            // Asked to stop once the wait has begun (the first question says it has).
            asked.exchange(true, ordering: .relaxed)
        })
        #expect(stopped.found.isEmpty && !stopped.finished && !followed.isComplete, "asked to stop while it waits, it stops with nothing")
        async let asking = answer(SourceQuery(path, source: followed))
        try await Task.sleep(for: .milliseconds(50))
        release.signal()
        let answered = await asking
        #expect(answered.found == [#"/users/1/name "b""#], "the whole answers, not the part it waited behind")
        #expect(answered.finished && followed.isComplete)
    }
}
