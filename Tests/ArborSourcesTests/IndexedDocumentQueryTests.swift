import ArborCore
import ArborPath
import ArborSources
import Dispatch
import Foundation
import Testing

/// The compliance suite's cases again, over a document read by the index (`LazyJSONDocument`), which answers
/// queries from its bytes: the same values and paths as over the values in memory.
@Suite("JSONPath over the document index")
struct IndexedDocumentQueryTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let selector: String
        let document: JSONPathValue
        let expected: [[String]]
        var testDescription: String { name }
    }

    static let cases: [Case] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ArborPathTests/Compliance/cts.json")
        guard let text = try? String(contentsOf: url, encoding: .utf8), let suite = try? JSONPathValue(parsing: text),
              case .array(let tests)? = suite.member(named: "tests") else { return [] }
        return tests.compactMap { test in
            guard case .string(let name)? = test.member(named: "name"), case .string(let selector)? = test.member(named: "selector"),
                  let document = test.member(named: "document"), document.kind == .object || document.kind == .array,
                  let path = try? JSONPath(selector) else { return nil }
            // The expected values and paths, as the in-memory walk gives them (checked by the suite itself).
            var expected: [String] = []
            _ = try? path.forEachMatch(in: document) { node, keys in
                expected.append(NormalizedPath.text(keys) + " " + node.compactJSON)
                return true
            }
            return Case(name: name, selector: selector, document: document, expected: [expected])
        }
    }()

    /// Each match's normalized path and value, the query run on a thread of its own as the browser runs it.
    static func matches(of path: JSONPath, in source: any HierarchySource) async -> [String] {
        let query = SourceQuery(path, source: source)
        return await withCheckedContinuation { continuation in
            DispatchQueue(label: "query").async {
                var found: [String] = []
                query.forEachMatch { match in
                    found.append(NormalizedPath.text(match.path) + " " + match.value.compactJSON)
                    return true
                }
                continuation.resume(returning: found)
            }
        }
    }

    @Test func mostOfTheSuiteHasADocumentToIndex() {
        #expect(Self.cases.count > 400)
    }

    @Test(arguments: cases)
    func theIndexGivesTheSameMatches(_ test: Case) async throws {
        let source = try #require(LazyJSONDocument(bytes: Array(test.document.compactJSON.utf8), name: "case"))
        let found = await Self.matches(of: try JSONPath(test.selector), in: source)
        #expect(found == test.expected[0], "\(test.selector)")
    }

    @Test func idsArePointersAndTitlesKeys() async throws {
        let source = try #require(LazyJSONDocument(bytes: Array(#"{"a/b": [{"~k": 1}], "s": "x\"y"}"#.utf8), name: "d"))
        let query = SourceQuery(try JSONPath("$..*"), source: source)
        let found: [String] = await withCheckedContinuation { continuation in
            DispatchQueue(label: "query").async {
                var found: [String] = []
                query.forEachMatch { match in
                    found.append(match.itemID + " " + match.itemTitle + " " + match.value.compactJSON)
                    return true
                }
                continuation.resume(returning: found)
            }
        }
        #expect(found == [#"/a~1b a/b [{"~k":1}]"#, #"/s s "x\"y""#, #"/a~1b/0 [0] {"~k":1}"#, #"/a~1b/0/~0k ~k 1"#])
    }
}

extension IndexedDocumentQueryTests {
    /// Spaced out, with keys that end in escaped backslashes and hold escaped quotes: the keys of the objects and
    /// arrays a walk goes down through are read back from their values' bytes.
    static let spaced = """
        { "a\\\\" : [ 3 , { "q\\"x" : { "s" : "x" , "n" : 2 } } , [ 1 , { "s" : "y" } ] ] ,
          "\\u0062" :
            { "s" : "x", "k": { "n": 5 } }, "c" : 3 }
        """

    @Test(arguments: ["$..[?@.s == 'x']", "$..[?@.n > 1]", "$..*", "$..[?!@.s]", "$..[?@ == 3]", "$..[?@.s != 'x']",
                      "$.*[?@.n]", "$..['q\"x', 'k']", "$..[?@.s][?@ == 'y']", "$['a\\\\'][1:]"])
    func spacedAndEscapedKeysGiveTheSameMatches(_ expression: String) async throws {
        let document = try JSONPathValue(parsing: Self.spaced)
        let path = try JSONPath(expression)
        let expected = try path.matches(in: document).map { NormalizedPath.text($0.path) + " " + $0.node.compactJSON }
        #expect(!expected.isEmpty)
        let source = try #require(LazyJSONDocument(bytes: Array(Self.spaced.utf8), name: "spaced"))
        #expect(await Self.matches(of: path, in: source) == expected, "\(expression)")
    }

    /// A document whose list and object hold more members than a part of a split walk: their children are
    /// tested in slices on several threads, and the matches come in the order of one walk, ids included.
    static let crowded: String = {
        let items = (0..<40_000).map { #"{"kind": "\#($0 % 3 == 0 ? "Deployment" : "Service")", "id": \#($0), "tags": {"t": \#($0 % 7)}}"# }
        let labels = (0..<17_000).map { #""l\#($0)": {"kind": "\#($0 % 5 == 0 ? "Deployment" : "Label")", "n": [\#($0), {"id": 1}]}"# }
        return #"{"kind": "List", "items": ["# + items.joined(separator: ", ") + #"], "labels": {"# + labels.joined(separator: ", ")
            + #"}, "tail": [{"kind": "Deployment"}, 5]}"#
    }()

    @Test(arguments: ["$..[?@.kind == 'Deployment'].id", "$..[?@.kind != 'Service']", "$..[?@.t > 5 || @.id == 1]", "$..[?@[1]]"])
    func crowdedContainersGiveTheSameMatchesInSlices(_ expression: String) async throws {
        let document = try JSONPathValue(parsing: Self.crowded)
        let path = try JSONPath(expression)
        let expected = try path.matches(in: document).map { NormalizedPath.text($0.path) + " " + $0.node.compactJSON }
        #expect(expected.count > 5_000)
        let source = try #require(LazyJSONDocument(bytes: Array(Self.crowded.utf8), name: "crowded"))
        #expect(await Self.matches(of: path, in: source) == expected, "\(expression)")
        let query = SourceQuery(path, source: source)
        let ids: [String] = await withCheckedContinuation { continuation in
            DispatchQueue(label: "query").async {
                var ids: [String] = []
                query.forEachMatch { match in
                    ids.append(match.itemID)
                    return ids.count < 3
                }
                continuation.resume(returning: ids)
            }
        }
        let pointers = try path.matches(in: document).prefix(3).map { match in
            match.path.map { key -> String in
                switch key {
                case .name(let name): return "/" + name
                case .index(let index): return "/\(index)"
                }
            }.joined()
        }
        #expect(ids == pointers)
    }

    /// A document's matches hang from the ancestors their paths name, as the source's parents say: the same
    /// tree of the answer, its links, counts and order, as one built by asking the source for each parent.
    @Test(arguments: [
        (#"{"a": {"b": [{"k": 1}, {"k": 2, "c": {"k": 3}}]}, "d~/e": {"k": [4, {"k": 5}]}, "k": 6}"#, "$..k"),
        (#"[{"x": {"y": 1}}, {"x": {"y": 2}}, [[{"y": 3}]]]"#, "$..[?@.y]"),
    ])
    func anAnswerHangsEachMatchFromTheAncestorsTheSourceGives(_ text: String, _ expression: String) async throws {
        let source = try #require(LazyJSONDocument(bytes: Array(text.utf8), name: "t.json"))
        let query = SourceQuery(try JSONPath(expression), source: source)
        let answer = await withCheckedContinuation { continuation in
            DispatchQueue(label: "query").async { continuation.resume(returning: query.answer()) }
        }
        #expect(answer.matches.count >= 3)
        var expected = QueryAnswer(rootID: answer.rootID)
        for id in answer.matches {
            var ancestors: [String] = []
            var current = id
            while let parent = try await source.parentID(of: current) {
                ancestors.append(parent)
                if expected.contains(parent) { break }
                current = parent
            }
            expected.add(id, ancestors: ancestors)
        }
        expected.isComplete = answer.isComplete
        expected.rootIsVirtual = answer.rootIsVirtual
        #expect(answer == expected)
    }
}
