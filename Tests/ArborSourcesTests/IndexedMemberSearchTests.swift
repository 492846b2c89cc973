import ArborPath
import ArborSources
import Testing

/// A member found by its name in the document index, its keys compared where they are written: the same
/// matches as the walk over the values in memory, whatever the keys' spelling and the values around them.
@Suite("A member found by its name in the index")
struct IndexedMemberSearchTests {
    /// Keys written with escapes, prefixes of the name and longer names, the name only in a nested object or in a
    /// string, a repeated name, space and line breaks between tokens, every kind of value before the one found.
    static let document = """
    [
      {"kinds": 1, "kin": 2, "text": "\\"kind\\": no", "nested": {"kind": "deeper"}, "list": [{"kind": "in a list"}],
       "n": -1.5e3, "t": true, "f": false, "z": null, "kind" :
         "Deployment", "after": 1},
      {"k\\u0069nd": "escaped", "kind": "second"},
      {"a\\"b": "quoted key", "kind\\n": "with a line feed", "é": "accented"},
      {"kind": "first", "kind": "repeated"},
      {},
      ["kind"],
      {"deep": {"deeper": {"kind": "Job"}}}
    ]
    """

    static func inMemory(_ selector: String) throws -> [String] {
        var expected: [String] = []
        _ = try JSONPath(selector).forEachMatch(in: try JSONPathValue(parsing: document)) { node, keys in
            expected.append(NormalizedPath.text(keys) + " " + node.compactJSON)
            return true
        }
        return expected
    }

    @Test(arguments: ["$[*].kind", "$..kind", "$..[?@.kind == 'Deployment'].after", "$[*]['a\"b']", "$[*]['kind\\n']",
                      "$[*]['é']", "$[*].kinds", "$[*].kin", "$..deeper.kind", "$[?@.kind].kind", "$[*]['k\\u0069nd']"])
    func theIndexFindsWhatTheValuesHold(selector: String) async throws {
        let source = try #require(LazyJSONDocument(bytes: Array(Self.document.utf8), name: "d"))
        let found = await IndexedDocumentQueryTests.matches(of: try JSONPath(selector), in: source)
        let expected = try Self.inMemory(selector)
        #expect(!expected.isEmpty, "a selector that matches")
        #expect(found == expected, "\(selector)")
    }
}
