import ArborCore
import ArborPath
@testable import ArborSources
import Foundation
import Testing

/// A YAML file past the size read whole holds `.inf` and `.nan` in its JSON text as strings marked by an escaped
/// `.`; they are numbers still, shown, compared and printed as a file read whole has them.
@Suite("Infinities and NaN of a large YAML file")
struct YAMLLargeNumbersTests {
    /// Values JSON has no number for, and a string that only looks like one, above `filler` records in the block
    /// style (the block reader's) or the flow style (the transcoder's).
    static func document(filler: Int, flow: Bool) -> String {
        var text = "a: .inf\nb: -.Inf\nc: .NaN\nd: [1, +.inf, '.inf', \"\\\\u002einf\"]\nq: \".inf\"\nitems:\n"
        for index in 0..<filler {
            text += flow ? "  - {value: \(index), big: .inf}\n" : "  - value: \(index)\n    big: .inf\n"
        }
        return text
    }

    @Test(arguments: [false, true])
    func anInfinityIsANumberAsInAFileReadWhole(flow: Bool) async throws {
        let large = try YAMLNotesTests().open(Self.document(filler: 40_000, flow: flow))
        let small = try YAMLNotesTests().open(Self.document(filler: 2, flow: flow))
        #expect(large is LazyJSONDocument && !(small is LazyJSONDocument))
        for id in ["/a", "/b", "/c", "/d/1", "/d/2", "/d/3", "/q", "/items/1/big"] {
            let (mine, theirs) = (try await large.item(id).content, try await small.item(id).content)
            #expect(mine.subtitle == theirs.subtitle, "\(id)")
            #expect(mine.scalar == theirs.scalar, "\(id)")
        }
        #expect(try await large.item("/b").content.scalar == ScalarValue(.number, "-.Inf"))
        #expect(try await large.item("/d/2").content.scalar == ScalarValue(.string, ".inf"), "quoted, it is text")
        #expect(try await large.item("/d/3").content.scalar == ScalarValue(.string, "\\u002einf"), "a backslash written is text")
    }

    @Test(arguments: ["$[?@ > 5]", "$[?@ < 0]", "$.d[?@ > 5]", "$['a','b','c','d','q']", "$.d", "$[?@ == 'inf']", "$..[?@.big > 100].value",
                      "$[?@ == '.inf']"])
    func aQueryComparesAndPrintsThemAsInAFileReadWhole(query: String) async throws {
        let path = try JSONPath(query)
        for flow in [false, true] {
            let large = try YAMLNotesTests().open(Self.document(filler: 40_000, flow: flow))
            let small = try YAMLNotesTests().open(Self.document(filler: 2, flow: flow))
            #expect(large is LazyJSONDocument)
            let theirs = await Self.matches(path, over: small)
            #expect(await Self.matches(path, over: large) == theirs, "flow: \(flow)")
        }
    }

    @Test func aJSONFilesEscapedDotIsText() async throws {
        let text = "{\"a\": \"\\u002einf\", \"b\": [\"-\\u002eInf\"]}"
        let source = try YAMLNotesTests().open(text)
        #expect(try await source.item("/a").content.scalar == ScalarValue(.string, ".inf"))
        let json = try #require(LazyJSONDocument(bytes: Array(text.utf8), name: "f.json"))
        #expect(try await json.item("/b/0").content.subtitle == "string")
        #expect(await Self.matches(try JSONPath("$..[?@ > 5]"), over: json).isEmpty)
        #expect(await Self.matches(try JSONPath("$.a"), over: json) == ["/a $['a'] \".inf\" false"])
    }

    /// Each match's id, path, value as one line of JSON and whether that held an infinity or NaN; the records past
    /// the small file's left out.
    static func matches(_ path: JSONPath, over source: any HierarchySource) async -> [String] {
        await withCheckedContinuation { continuation in
            DispatchQueue(label: "query").async {
                var found: [String] = []
                SourceQuery(path, source: source).forEachMatch { match in
                    if match.path.count > 1, match.path[0] == .name("items"), case .index(let item) = match.path[1], item >= 2 { return true }
                    var json: [UInt8] = []
                    let nonFinite = match.appendCompactJSON(to: &json)
                    found.append("\(match.itemID) \(NormalizedPath.text(match.path)) \(String(decoding: json, as: UTF8.self)) \(nonFinite)")
                    return true
                }
                continuation.resume(returning: found)
            }
        }
    }
}
