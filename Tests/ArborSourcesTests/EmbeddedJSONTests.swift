import ArborCore
import ArborPath
import ArborSources
import Foundation
import Testing

/// Strings that hold a JSON object or array open as documents, with ids under the string's.
@Suite("JSON inside strings")
struct EmbeddedJSONTests {
    func open(_ text: String, name: String = "log.json", into: Bool = true) throws -> (source: any HierarchySource, path: String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-embedded-\(UUID().uuidString)-\(name)").path
        try SourceFileFixture.write(text, to: path)
        var request = SourceRequest(path: path)
        request.crossesInto = into
        return (try SourceOpener.open(request).hierarchy, path)
    }

    let record = #"{"event": "login", "payload": " {\"user\": {\"name\": \"ann\", \"roles\": [\"a\", \"b\"]}}", "note": "[INFO] not json", "n": "[1, 2"}"#

    @Test func aStringHoldingJSONOpensAsADocument() async throws {
        let (source, path) = try open(record)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let members = try await source.children(of: "")
        #expect(members.map(\.childCount) == [0, 1, 0, 0], "only the string that parses has children")
        #expect(try await source.children(of: "/payload").map(\.id) == ["/payload#/user"])
        #expect(try await source.children(of: "/payload#/user").map(\.content.title) == ["name", "roles"])
        #expect(try await source.item("/payload#/user/roles/1").content.scalar == ScalarValue(.string, "b"))
        #expect(try await source.parentID(of: "/payload#/user/roles") == "/payload#/user")
        #expect(try await source.parentID(of: "/payload#/user") == "/payload")
        let preview = try await source.itemPreview(of: "/payload", lines: 20)
        #expect(preview.lines.count > 3, "the string's document pretty-printed, a line a member")
    }

    @Test func anIDInsideAStringIsFoundWithoutListingFirst() async throws {
        let (source, path) = try open(record)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try await source.item("/payload#/user/name").content.scalar == ScalarValue(.string, "ann"))
        #expect(try await source.parentID(of: "/payload#/user/name") == "/payload#/user")
    }

    @Test func aStringCountedBeforeItIsListedHasItsMembersCounted() async throws {
        // A file opened again after a rewrite is asked for the counts of what is shown before it is listed.
        let (source, path) = try open(record)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try await source.numberOfChildren(of: "/payload") == 1)
        #expect(try await source.numberOfChildren(of: "/note") == 0)
        #expect(try await source.numberOfChildren(of: "/event") == 0)
        let (again, other) = try open(record)
        defer { try? FileManager.default.removeItem(atPath: other) }
        #expect(try await again.children(of: "/payload").map(\.id) == ["/payload#/user"], "listed before its list was shown")
        #expect(try again.capabilities.immediateChildren?.immediateChildren(of: "/note", in: 0..<10) == nil,
                "an empty list is not answered at once: it may be a string's")
    }

    @Test func aStringInAStringOpensToo() async throws {
        let inner = #"{\\\"deep\\\": [true]}"#
        let (source, path) = try open(#"{"outer": "{\"inner\": \""# + inner + #"\"}"}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try await source.children(of: "/outer#/inner").map(\.id) == ["/outer#/inner#/deep"])
        #expect(try await source.children(of: "/outer#/inner#/deep").map(\.content.scalar) == [ScalarValue(.boolean, "true")])
    }

    @Test func aCSVWithoutIDsOpensItsRowsToFieldsAndAFieldHoldingJSONToItsDocument() async throws {
        let table = "name,payload\nann,\"{\"\"a\"\": 1, \"\"b\"\": [1, 2]}\"\nbob,plain\n"
        let (source, path) = try open(table, name: "t.csv")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let rows = try await source.children(of: "")
        #expect(rows.map(\.id) == ["1", "2"] && rows.map(\.childCount) == [2, 2], "each row opens to its two fields")
        let fields = try await source.children(of: "1")
        #expect(fields.map(\.id) == ["1#/name", "1#/payload"] && fields.map(\.childCount) == [0, 2])
        #expect(try await source.children(of: "1#/payload").map(\.id) == ["1#/payload#/a", "1#/payload#/b"])
        #expect(try await source.item("1#/payload#/b/1").content.scalar == ScalarValue(.number, "2"), "found without listing first")
        #expect(try await source.parentID(of: "1#/payload") == "1")
        #expect(try await source.item("2#/payload").content.scalar == ScalarValue(.string, "plain"))
        #expect(try await source.itemLocation(of: "2#/payload").line == 3, "a field is at its row's line")
        let (plain, other) = try open(table, name: "t.csv", into: false)
        defer { try? FileManager.default.removeItem(atPath: other) }
        #expect(try await plain.children(of: "").map(\.childCount) == [0, 0], "without --into rows stay leaves")
    }

    @Test func withoutIntoStringsStayText() async throws {
        let (source, path) = try open(record, into: false)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try await source.children(of: "").map(\.childCount) == [0, 0, 0, 0])
    }

    @Test(arguments: [
        (#"{"a": "x", "b": {"c": [1, "y"]}, "d" : { "e": "z" }, "f": [ "g" ]}"#, false),
        ("{\n  \"a\": {\n    \"b\": \"x\"\n  }\n}", false),
        (#"{"a": "{\"b\": 1}"}"#, true),
        (#"{"a": "  [1]"}"#, true),
        (#"{"a": "\u007b\"b\": 1}"}"#, true),
        (#"{"a": "says \"{x}\""}"#, true),
    ])
    func aDocumentTellsWhetherItsStringsMayHoldJSON(_ text: String, _ holds: Bool) throws {
        let document = try #require(LazyJSONDocument(bytes: Array(text.utf8), name: "t.json"))
        #expect(document.holdsJSONInStrings == holds, "\(text)")
    }

    /// A document none of whose strings may hold JSON is queried from its index, with the matches the walk of its
    /// items gives; one whose strings do is walked item by item, into them.
    @Test func aQueryIntoStringsUsesTheIndexWhereNoStringHoldsJSON() async throws {
        let plain = #"{"q": {"name": "bob"}, "list": [{"name": "cy"}, 3]}"#
        let nested = #"{"p": "{\"name\": \"ann\"}", "q": {"name": "bob"}}"#
        let path = try JSONPath("$..[?@.name]")
        for (text, fromIndex, ids) in [(plain, true, ["/q", "/list/0"]), (nested, false, ["/p", "/q"])] {
            let document = try #require(LazyJSONDocument(bytes: Array(text.utf8), name: "t.json"))
            let queried = EmbeddedJSONSource(document).queriedDocument
            let answers = await onQueryThread { queried.capabilities.indexedQuerying?.answersFromIndex }
            #expect(answers == fromIndex, "\(text)")
            let query = SourceQuery(path, source: EmbeddedJSONSource(document))
            let found: [String] = await onQueryThread {
                var found: [String] = []
                query.forEachMatch { match in
                    found.append(match.itemID)
                    return true
                }
                return found
            }
            #expect(found == ids, "\(text)")
        }
    }

    /// An object tree cannot tell whether a field holds JSON; it is not read as one document, so its own index
    /// answers a query.
    @Test func anObjectTreeCannotTellAndAnswersFromItsOwnIndex() async throws {
        let text = #"{"title": "root", "children": [{"title": "a", "note": "plain"}]}"#
        let tree = try #require(LazyJSONTree(bytes: Array(text.utf8), name: "t.json", mapping: FieldMapping(), force: true))
        #expect(tree.capabilities.indexedQuerying?.answersFromIndex == true)
        #expect(tree.capabilities.indexedQuerying?.holdsJSONInStrings == true)
        let queried = EmbeddedJSONSource(tree).queriedDocument
        #expect(await onQueryThread { queried.capabilities.indexedQuerying?.answersFromIndex } == true)
    }
}
