import ArborCore
@testable import ArborSources
import Foundation
import Testing

/// A large YAML file in the block style is read through the JSON index, and the comments written at its values
/// are found from their lines when an item is asked for: the same comments a file read whole shows.
@Suite("Comments of a large YAML file")
struct YAMLLineCommentsTests {
    /// The document the index reads for `text`, with its comments, as a large file in the block style opens.
    static func indexed(_ text: [UInt8]) -> LazyJSONDocument? {
        guard let read = YAMLBlockReader.text(SourceBytes(text)) else { return nil }
        return LazyJSONDocument(bytes: read.json, name: "t.yaml", race: nil, isStream: read.documents > 1)?
            .with(YAMLLineComments(yaml: SourceBytes(text), json: read.json, flows: read.flows))
    }

    /// Every id of a source, the root's first.
    static func ids(of source: any HierarchySource) async throws -> [String] {
        guard let root = try await source.root() else { return [] }
        var found: [String] = []
        var pending = [root.id]
        while let id = pending.popLast() {
            found.append(id)
            pending += try await source.childIDs(of: id, in: 0..<10_000).reversed()
        }
        return found
    }

    /// The ids whose description differs between the file read whole and the index (with both descriptions).
    static func differences(_ text: [UInt8]) async throws -> [String]? {
        guard let indexed = indexed(text) else { return nil }
        let whole = try YAMLSourceTests().open(String(decoding: text, as: UTF8.self)).hierarchy
        var differing: [String] = []
        for id in try await ids(of: whole) where !id.isEmpty {
            let expected = try await whole.item(id).content.description
            let found = try await indexed.item(id).content.description
            if expected != found { differing.append("\(id): \(expected.debugDescription) ≠ \(found.debugDescription)") }
        }
        return differing
    }

    static let manifest = """
        # The service
        apiVersion: v1   # the API
        kind: Service
        metadata:  # who it is
          # its name
          name: web
          labels:
            app: web # the app
        spec:
          # ports
          ports:
          - name: http   # plain
            port: 80
          # the second
          - name: "https # not a comment"  # after a quote
            port: 443
          selector: {}  # none
          notes: |  # a literal
            # not a comment
            text
          list:
            # a scalar entry
            - one  # first
            - 'two # still two'
        # at the end
        status: ok
        """

    @Test func commentsAreThoseTheFileReadWholeShows() async throws {
        let differing = try #require(try await Self.differences(Array(Self.manifest.utf8)))
        #expect(differing.isEmpty, "\(differing)")
        #expect(YAMLIndexCheck.commentsAgree(Array(Self.manifest.utf8)))
        let indexed = try #require(Self.indexed(Array(Self.manifest.utf8)))
        #expect(try await indexed.item("/apiVersion").content.description == "The service\nthe API")
        #expect(try await indexed.item("/spec/ports/1/name").content.description == "the second\nafter a quote")
        #expect(try await indexed.item("/spec/notes").content.description == "")
        #expect(try await indexed.item("/spec/list/1").content.description == "")
        #expect(try await indexed.item("/status").content.description == "at the end")
    }

    @Test func aStreamsDocumentsKeepTheirComments() async throws {
        let text = "---\n# Source: chart/templates/a.yaml\napiVersion: v1\nkind: A\n---\n# Source: chart/templates/b.yaml\napiVersion: v2\nkind: B  # bee\n"
        let differing = try #require(try await Self.differences(Array(text.utf8)))
        #expect(differing.isEmpty, "\(differing)")
        let indexed = try #require(Self.indexed(Array(text.utf8)))
        #expect(try await indexed.item("/1/apiVersion").content.description == "Source: chart/templates/b.yaml")
        #expect(try await indexed.item("/1/kind").content.description == "bee")
    }

    @Test func everySuiteCaseTheBlockReaderReadsHasTheCommentsReadWhole() async throws {
        var compared = 0
        for name in YAMLComplianceTests.cases {
            let place = YAMLComplianceTests.folder.appendingPathComponent("cases").appendingPathComponent(name)
            let yaml = YAMLLoader.text(Array(try Data(contentsOf: place.appendingPathComponent("in.yaml"))))
            #expect(YAMLIndexCheck.commentsAgree(yaml), "\(name): the fuzzing's check")
            guard (try? YAMLLoader.documents(yaml, origin: name)) != nil, let differing = try await Self.differences(yaml) else { continue }
            compared += 1
            #expect(differing.isEmpty, "\(name): \(differing)")
        }
        #expect(compared > 45, "cases the block reader writes: \(compared)")
    }

    /// An empty document's null is written on its `---` line. The file read whole marks it where the next document
    /// starts (or past the input's last line break, or on its marker's line when the input ends there) and gives
    /// it the comment lines at the first column just above that, however indented when the input ends on its
    /// marker; the comment above its marker or after it is no value's (found by fuzzing, all three ways).
    @Test(arguments: ["#-@ \n---\n\n---", "# c\n---\n---\n", "# c\n--- # d\n---\n- x # e\n", "# c\n---\n# d\na: 1\n---\n",
                      " \n---\n#- \n---\n-", "---\n# c\n\n---\n- x\n", "- x\n---\n# c\n", "- x\n---\n# c", "---\n  # c\n---\n- x\n",
                      "---\n# a\n# b\n---\n- x\n", "- x\n---\n# c\n\n", "---\n\n# c\n---\n- x\n",
                      "-u: --\n#########:\n \nu#:\n \n-:\n##(\n---", "a: 1\n# c\n# d\n---", "- (\n---\n---\n #false\n---",
                      "a: 1\n---\n #a\n#b\n---", "- (\n---\n #a\n#b\n  #c\n---"])
    func anEmptyDocumentTakesTheCommentsAboveWhereItsNullIsMarked(text: String) async throws {
        #expect(YAMLBlockReader.text(SourceBytes(Array(text.utf8))) != nil, "read by the block reader")
        #expect(YAMLIndexCheck.commentsAgree(Array(text.utf8)))
        let differing = try #require(try await Self.differences(Array(text.utf8)))
        #expect(differing.isEmpty, "\(differing)")
    }

    /// A line of several values gives each its own comments: entries of lists opening on one line, an empty
    /// entry (found by fuzzing: it took a comment above indented past its dash); a quoted key
    /// with spaces before its colon (found by fuzzing: it lost its line's comment); a flow collection on one
    /// line, which takes the comment after it, its members none, a ` #` or a bracket in its quotes being no
    /// comment and no end.
    @Test(arguments: [
        "#u:\n- -  0Tu- -  -  -  - -  -",
        "# top\n- - a  # a\n  # deeper\n  - b\n   # deeper still\n- - - c\n-\n  # inside\n  - d\n- []  # empty\n- - []\n",
        "k:\n  # one\n  - - x\n    # two\n    - y\n  - a: 1\n    # three\n    b:\n    - z  # zed\n",
        "- a\n  # c\n- -\n    - x\n",
        "k:\n  - a\n     # d\n  - -\n      - x\n",
        "u:\n.4g:\n \") \"   : #':",
        "a: [x, \"y #z\", '] #'] # the list\nb: {k: [1, 2], \"#\": v}  # the map\n# above\nc: [] # empty\n",
        "- [a, b] # first\n- {c: d} # second\n-\n  # inside\n  [e]  # third\n",
        "\"quoted\"  : [1] # after the key's spaces\n",
        "k: [it's, x] # c\nl: [a\"b, x] # d\nm: {k: it's} # e\n",
        "x:\n    # note\n  - - [a, b]\n    # deeper\n    - - [c]  # after\n",
        "  #\n- \n#-  - - (--",
        "l:\n  #c\n- \n- x\n # d\n-  # e\nk:\n   #f\n  - \n  #g\n  -\n",
        // Flow collections over lines: the comment above the key is its, the members none.
        "# jobs\njobs: [\n  {name: a, n: 0},\n\n  {name: b, n: 1}\n  ]\n# next\nnext: 1 # one\n",
        "# the document\n{\n  \"a\": [1,\n    2],\n  \"b\": {}\n}\n",
    ])
    func aLineOfSeveralValuesGivesEachItsOwnComments(text: String) async throws {
        #expect(YAMLBlockReader.text(SourceBytes(Array(text.utf8))) != nil, "read by the block reader")
        #expect(YAMLIndexCheck.commentsAgree(Array(text.utf8)))
        if let differing = try await Self.differences(Array(text.utf8)) { #expect(differing.isEmpty, "\(differing)") }
    }

    @Test func valuesAmongLinesLongerThanTheMarksStrideHaveTheirComments() async throws {
        var text = "# top\n"
        for number in 0..<12 {
            text += "# before \(number)\nk\(number): \"" + String(repeating: "x", count: 70_000) + "\"  # after \(number)\n"
        }
        #expect(YAMLBlockReader.text(SourceBytes(Array(text.utf8))) != nil, "read by the block reader")
        #expect(YAMLIndexCheck.commentsAgree(Array(text.utf8)))
        let indexed = try #require(Self.indexed(Array(text.utf8)))
        #expect(try await indexed.item("/k11").content.description == "before 11\nafter 11")
    }

    @Test func aLargeFileOpensWithItsComments() async throws {
        var text = "# the list\nitems:\n"
        for number in 0..<30_000 { text += "- name: item-\(number)  # number \(number)\n  # its kind\n  kind: thing\n" }
        #expect(text.utf8.count >= YAMLKind.indexedBytes)
        // Mapped without a lease: the process's leases are few, and tests running beside this one may hold them
        // all, when the file is read instead (and its comments, read from a mapping, are not kept).
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-\(UUID().uuidString).yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var request = SourceRequest(path: path)
        request.maps = true
        let source = try SourceOpener.open(request).hierarchy
        #expect(source is LazyJSONDocument)
        #expect(try await source.item("/items").content.description == "the list")
        #expect(try await source.item("/items/29999/name").content.description == "number 29999")
        #expect(try await source.item("/items/29999/kind").content.description == "its kind")
    }

    /// A file read in two parts, a list and a stream of documents: the flow collections of the second part are
    /// found where its text was joined, and keep the comment ending their line, their members none.
    @Test func flowCollectionsOfAFileReadInTwoPartsKeepTheirComments() async throws {
        var list = "items:\n", stream = ""
        for number in 0..<90_000 {
            list += "- name: item-\(number)\n  args: [--port, \"#\(number)\", {k: v}]  # args \(number)\n"
            stream += "---\nname: doc-\(number)\nargs: [\"#\(number)\", x]  # doc \(number)\n"
        }
        #expect(list.utf8.count > 4 << 20 && stream.utf8.count > 4 << 20, "large enough to be read in two parts")
        let items = try #require(Self.indexed(Array(list.utf8)))
        for number in [0, 45_000, 89_999] {
            #expect(try await items.item("/items/\(number)/args").content.description == "args \(number)")
            #expect(try await items.item("/items/\(number)/args/0").content.description == "")
            #expect(try await items.item("/items/\(number)/args/1").content.description == "")
            #expect(try await items.item("/items/\(number)/args/2/k").content.description == "")
        }
        let documents = try #require(Self.indexed(Array(stream.utf8)))
        for number in [0, 45_000, 89_999] {
            #expect(try await documents.item("/\(number)/args").content.description == "doc \(number)")
            #expect(try await documents.item("/\(number)/args/0").content.description == "")
            #expect(try await documents.item("/\(number)/args/1").content.description == "")
        }
    }
}
