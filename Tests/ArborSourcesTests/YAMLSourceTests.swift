import ArborCore
import ArborSources
import Foundation
import Testing

@Suite("YAML documents")
struct YAMLSourceTests {
    func open(_ text: String) throws -> OpenedSource {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-\(UUID().uuidString).yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try SourceOpener.open(SourceRequest(path: path))
    }

    @Test func aDocumentIsBrowsedValueByValueWithTypes() async throws {
        let opened = try open("kind: Pod\nspec:\n  replicas: 3\n  paused: false\n  note: ~\n  ports: [80, \"443\"]\n")
        #expect(opened.format == .document)
        let source = opened.hierarchy
        #expect(try await source.children(of: "").map(\.content.title) == ["kind", "spec"])
        let spec = try await source.children(of: "/spec")
        #expect(spec.map(\.content.subtitle) == ["number", "boolean", "null", "array"])
        #expect(spec.map(\.content.body) == ["3", "false", "~", "[2 items]"])
        #expect(try await source.children(of: "/spec/ports").map(\.content.subtitle) == ["number", "string"])
    }

    /// Plain scalars resolve as YAML 1.2's core schema reads them (1.1's `yes`, `0b101`, `1_000` and base 60 are
    /// text, so `country: NO` stays Norway); quoted ones and other tags are text. A tag
    /// follows the type in the subtitle, after a `·`.
    @Test(arguments: [
        ("[yes, No, ON, off, True, FALSE, y, n]", ["string", "string", "string", "string", "boolean", "boolean", "string", "string"]),
        ("[0, -12, +3, 1_000, 0b101, 0o17, 017, 0x1F, 1:30, 190:20:30, 089, 1:75, 0x]",
         ["number", "number", "number", "string", "string", "number", "number", "number", "string", "string", "number", "string", "string"]),
        ("[1.5, -.5e+3, .5e+3, .5e3, 1e3, .inf, -.Inf, .NaN, +.nan, 1:30.5, 1., 1.2.3]",
         ["number", "number", "number", "number", "number", "number", "number", "number", "string", "string", "number", "string"]),
        ("[~, null, NULL, nULL, \"null\", 'yes', \"1\", 2001-12-14, =, <<]",
         ["null", "null", "null", "string", "string", "string", "string", "string", "string", "string"]),
        ("[!!str 12, !!int \"7\", !!float 1, !!null x, !!bool yes, !custom 5, ! 12]",
         ["string · !!str", "number · !!int", "number · !!float", "null · !!null", "boolean · !!bool", "string · !custom", "string · !"]),
    ])
    func scalarsResolveAsYAMLOneTwosCoreSchemaDoes(text: String, subtitles: [String]) async throws {
        let source = try open("values: \(text)\n").hierarchy
        #expect(try await source.children(of: "/values").map(\.content.subtitle) == subtitles)
    }

    @Test func aLargeFileIsReadThroughTheIndexEachItemOnItsYAMLLine() async throws {
        // Past a megabyte: 20,000 items of four lines, an anchor and its alias, a block scalar, YAML's own numbers.
        var text = "kind: List\ndefaults: &d {tier: web, port: 0x1F90}\nitems:\n"
        for index in 0..<20_000 {
            text += "- name: svc-\(index)\n  replicas: \(index % 7)\n  note: |\n    line \(index) \"quoted\"\n"
        }
        text += "copy: *d\n"
        #expect(text.utf8.count > 1 << 20)
        let source = try open(text).hierarchy
        #expect(try await source.children(of: "").map(\.content.title) == ["kind", "defaults", "items", "copy"])
        #expect(try await source.numberOfChildren(of: "/items") == 20_000)
        #expect(try await source.item("/items/12345/note").content.scalar == ScalarValue(.string, "line 12345 \"quoted\"\n"))
        #expect(try await source.item("/copy/port").content.scalar == ScalarValue(.number, "8080"), "an alias repeats its anchor")
        // Item 12345 starts on line 4 + 4 × 12345 (lines from 1).
        #expect(try await source.itemLocation(of: "/items/12345/replicas").line == 4 + 4 * 12345 + 1)
    }

    @Test func aCollectionKeyReadsInFlowStyle() async throws {
        let source = try open("? [a, {b: c}]\n: value\nplain: 1\n").hierarchy
        #expect(try await source.children(of: "").map(\.content.title) == ["[a, {b: c}]", "plain"])
    }

    @Test func objectTreesInYAMLAreDetected() async throws {
        let opened = try open("name: Plant\ntype: Site\nchildren:\n  - name: Pump\n    id: p1\n    tags: [PM01, Started]\n")
        #expect(opened.format == .tree)
        let root = try #require(try await opened.hierarchy.root())
        let children = try await opened.hierarchy.children(of: root.id)
        #expect(children.map(\.id) == ["p1"])
        #expect(children[0].content.tags == ["PM01", "Started"])
    }

    @Test func aStreamOfDocumentsIsAVirtualRoot() async throws {
        let source = try open("a: 1\n---\nb: 2\n---\n- x\n").hierarchy
        let root = try #require(try await source.root())
        #expect(root.isVirtual)
        let top = try await source.children(of: root.id)
        #expect(top.map(\.content.title) == ["document 1", "document 2", "document 3"])
        #expect(top.map(\.id) == ["/0", "/1", "/2"])
        #expect(try await source.children(of: "/1").map(\.content.body) == ["2"])
    }

    @Test func malformedYAMLNamesTheLineAndColumn() throws {
        let error = #expect(throws: SourceLoadError.self) { try open("a: [1, 2\nb: 3\n") }
        #expect(error?.message.hasSuffix(":3:1: invalid YAML: flow sequence without a closing bracket") == true)
    }

    @Test(arguments: ["", "# only a comment\n", "\n\n  # indented\n"])
    func anEmptyOrCommentOnlyStreamIsAnEmptyDocument(text: String) async throws {
        let source = try open(text).hierarchy
        #expect(try await source.children(of: source.root()?.id ?? "").isEmpty)
    }
}

@Suite("Hostile YAML")
struct HostileYAMLTests {
    @Test func anAliasBombIsRefusedQuickly() throws {
        var text = "a: &a [x, x, x, x, x, x, x, x, x]\n"
        let letters = Array("abcdefghij")
        for index in 1..<letters.count {
            let previous = letters[index - 1]
            text += "\(letters[index]): &\(letters[index]) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
        }
        #expect {
            _ = try YAMLLoader.documents(Array(text.utf8), origin: "bomb.yaml")
        } throws: { error in
            (error as? SourceLoadError)?.message.hasPrefix("bomb.yaml: the YAML expands to more than 100000 values") == true
        }
    }

    @Test func aModestUseOfAliasesStillLoads() throws {
        let text = "base: &base {name: pump, kind: equipment}\nfirst: *base\nsecond: *base\n"
        let documents = try YAMLLoader.documents(Array(text.utf8), origin: "ok.yaml")
        #expect(documents.count == 1)
        #expect(documents[0].nodes.count == 10)
    }

    @Test func deepNestingIsAnErrorWithAPlace() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect {
            _ = try YAMLLoader.documents(Array(text.utf8), origin: "deep.yaml")
        } throws: { error in
            (error as? SourceLoadError)?.message.contains("deep.yaml:1:") == true
        }
    }
}
