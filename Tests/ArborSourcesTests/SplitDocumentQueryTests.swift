import ArborCore
import ArborPath
import ArborSources
import Foundation
import Testing

/// Queries over documents large enough for the walk to be split over threads (thousands of containers): the
/// same matches, in the same order, as the walk of the values in memory.
@Suite("Split queries over the document index")
struct SplitDocumentQueryTests {
    /// 3,000 records of nested objects and arrays, keys and strings with escapes, empty containers.
    static let records: [String] = (0..<3_000).map { number in
        #"{"id": \#(number), "na\"me": "n\#(number % 7)", "tags": [\#(number % 5), {"k": "v\u0041\#(number % 3)"}, []], "# +
            #""child": {"id": \#(number * 2), "deep": [[{"x": \#(number % 11)}]]}, "empty": {}}"#
    }

    static let selectors = [
        "$..[?@.id == 2998]", "$..x", "$..*", "$..[?@.k == 'vA1']", "$..[0]", #"$..["na\"me"]"#, "$..[?@.x > 9]", "$..deep[0][0]",
    ]

    static func expected(_ selector: String, in text: String) throws -> [String] {
        let document = try JSONPathValue(parsing: text)
        return try JSONPath(selector).matches(in: document).map { NormalizedPath.text($0.path) + " " + $0.node.compactJSON }
    }

    @Test(arguments: selectors)
    func aLargeDocumentGivesTheSameMatches(_ selector: String) async throws {
        let text = #"{"records": ["# + Self.records.joined(separator: ",\n") + "]}"
        let source = try #require(LazyJSONDocument(bytes: Array(text.utf8), name: "records.json"))
        let found = await IndexedDocumentQueryTests.matches(of: try JSONPath(selector), in: source)
        #expect(found == (try Self.expected(selector, in: text)), "\(selector)")
    }

    @Test(arguments: selectors)
    func jsonLinesGiveTheSameMatches(_ selector: String) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-\(UUID().uuidString).jsonl").path
        try SourceFileFixture.write(Self.records.joined(separator: "\n") + "\n", to: path)
        defer { unlink(path) }
        let opened = try SourceOpener.open(SourceRequest(path: path), streaming: false)
        #expect(opened.format == .jsonl)
        let found = await IndexedDocumentQueryTests.matches(of: try JSONPath(selector), in: opened.hierarchy)
        #expect(found == (try Self.expected(selector, in: "[" + Self.records.joined(separator: ",") + "]")), "\(selector)")
    }
}
