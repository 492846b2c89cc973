import ArborCore
@testable import ArborSources
import Testing

/// Walks two hierarchies from their roots and says where they first differ: ids, content, counts, parents.
func differences(_ lazy: any HierarchySource, _ full: any HierarchySource, limit: Int = 100_000) async throws -> [String] {
    var problems: [String] = []
    guard let root = try await lazy.root(), try await full.root() == root else { return ["roots differ"] }
    if try await lazy.item(root.id) != full.item(root.id) { problems.append("root item differs") }
    var queue = [root.id]
    var visited = 0
    while let id = queue.popLast(), visited < limit, problems.count < 5 {
        visited += 1
        let mine = try await lazy.children(of: id)
        let theirs = try await full.children(of: id)
        if mine != theirs { problems.append("children of '\(id)' differ: \(mine.prefix(3)) vs \(theirs.prefix(3))") }
        if try await lazy.numberOfChildren(of: id) != full.numberOfChildren(of: id) { problems.append("count of '\(id)'") }
        for (position, child) in theirs.enumerated() {
            if try await lazy.item(child.id) != full.item(child.id) { problems.append("item '\(child.id)' differs") }
            if try await lazy.parentID(of: child.id) != full.parentID(of: child.id) { problems.append("parent of '\(child.id)'") }
            let first = theirs.firstIndex { $0.id == child.id } ?? position
            if try await lazy.position(of: child.id, in: id) != first { problems.append("position of '\(child.id)'") }
            queue.append(child.id)
        }
        if theirs.count > 3, try await lazy.children(of: id, in: 1..<3) != Array(theirs[1..<3]) { problems.append("range of '\(id)'") }
    }
    return problems
}

@Suite("JSON documents indexed: the same items as the full parser")
struct LazyJSONDocumentTests {
    func check(_ text: String) async throws {
        let bytes = Array(text.utf8)
        let lazy = try #require(LazyJSONDocument(bytes: bytes, name: "doc"))
        let full = JSONDocumentBuilder().hierarchy(from: try JSONDocument.parse(bytes), name: "doc")
        let found = try await differences(lazy, full)
        #expect(found == [], "\(text.prefix(80))")
    }

    @Test(arguments: [
        #"{"spec": {"containers": [{"name": "web", "ports": [80, 443]}], "a/b~c": true, "": 1}, "kind": "Pod", "n": null}"#,
        #"[1, -2.5e3, "three", true, false, null, [], {}, [[[]]], {"k": {"k": {"k": "deep"}}}]"#,
        #"{"esc\"aped": "line\nbreak", "uni\u00e9": "\ud83d\ude00", "dup": 1, "dup": 2, "sp ace": " "}"#,
        "\u{FEFF}  {\n\t\"a\" : [ 1 , 2 ] ,\r\n \"b\" : { } }  ",
    ])
    func smallDocuments(text: String) async throws {
        try await check(text)
    }

    @Test func wideContainersAreReadFromTheirCheckpoints() async throws {
        let array = "[" + (0..<1_000).map { $0 % 3 == 0 ? "{\"i\": \($0)}" : "\"s\($0)\"" }.joined(separator: ",") + "]"
        try await check(array)
        let object = "{" + (0..<700).map { "\"key\($0)\": \($0 % 5 == 0 ? "[\($0)]" : "\($0)")" }.joined(separator: ", ") + "}"
        try await check(object)
        let lazy = try #require(LazyJSONDocument(bytes: Array(array.utf8), name: "doc"))
        #expect(try await lazy.children(of: "", in: 998..<2_000).map(\.id) == ["/998", "/999"])
        #expect(try await lazy.item("/998").content.body == "s998")
        #expect(try await lazy.item("/999").content.body == "{1 key}")
    }

    @Test func aLongDocumentNestedDeeplyIsIndexedWithoutRecursion() async throws {
        let depth = 50_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let lazy = try #require(LazyJSONDocument(bytes: Array(text.utf8), name: "deep"))
        #expect(try await lazy.numberOfChildren(of: "/0/0/0") == 1)
    }

    @Test func malformedAndScalarDocumentsAreLeftToTheFullParser() {
        for text in ["{\"a\": }", "[1, 2", "{\"a\" 1}", "[1,]", "42", "\"text\"", "", "[1] x"] {
            #expect(LazyJSONDocument(bytes: Array(text.utf8), name: "bad") == nil, "\(text)")
        }
    }

    /// Escapes one after another (text outside ASCII written as `\u` escapes) are passed as a run: each of the
    /// run must still be checked, wherever in it a bad one stands, and the string must end after the run.
    @Test func runsOfEscapesAreCheckedEachOne() {
        let run = #"\u65e5\u672c\n\"\\\/\b\f\r\t\u8A9E"#
        for text in ["[\"\(run)\"]", "[\"a\(run)b\"]", "{\"\(run)\": \"\(run)\(run)\"}", "[\"\(run)\", \"x\"]"] {
            #expect(LazyJSONDocument(bytes: Array(text.utf8), name: "run") != nil, "\(text)")
            #expect((try? JSONDocument.parse(Array(text.utf8))) != nil, "\(text)")
        }
        let bad = [#"\u65e5\q"#, #"\u65e5\u12G4"#, #"\n\uZ000"#, #"\u65e5\u0"#, #"\t\ "#, #"\t\"#, #"\u65e5\x41"#, #"\u65e"#]
        for escapes in bad {
            for text in ["[\"\(escapes)\"]", "[\"a\(escapes)z\"]", "{\"\(escapes)\": 1}", "[\"\(escapes)"] {
                #expect(LazyJSONDocument(bytes: Array(text.utf8), name: "bad") == nil, "\(text)")
                #expect((try? JSONDocument.parse(Array(text.utf8))) == nil, "\(text)")
            }
        }
    }

    /// A string's skip that stops short stops at the bad escape's backslash, not at the run's first.
    @Test func aBadEscapeInARunIsWhereTheSkipStops() {
        for text in [#""\u65e5\n\q rest""#, #""\u65e5\n\u12G4 rest""#, #""\u65e5\n\u12"#] {
            Array(text.utf8).withUnsafeBufferPointer { bytes in
                var position = 0
                #expect(!JSONGrammar.skipString(bytes, &position))
                #expect(position == 9, "\(text)")
            }
        }
    }

    @Test func unknownPointersAreErrors() async throws {
        let lazy = try #require(LazyJSONDocument(bytes: Array(#"{"a": [1, {"b": 2}]}"#.utf8), name: "doc"))
        for pointer in ["/x", "/a/2", "/a/01", "/a/-1", "a", "/a/0/c", "/a/1/b/c"] {
            await #expect(throws: SourceError("no item with id '\(pointer)'")) { try await lazy.item(pointer) }
        }
        #expect(try await lazy.position(of: "/a/1", in: "/a") == 1)
        #expect(try await lazy.position(of: "/a/1", in: "") == nil)
    }
}
