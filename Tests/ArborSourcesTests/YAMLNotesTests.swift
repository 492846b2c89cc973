import ArborCore
import ArborPath
@testable import ArborSources
import Foundation
import Testing

/// What YAML writes beside its values, as a file read whole shows it: anchors and tags in the subtitle, an alias
/// as what it is (opening to its anchor, read as its anchor's value by a query, never copied), comments in the
/// preview.
@Suite("YAML anchors, aliases, tags and comments")
struct YAMLNotesTests {
    func open(_ text: String) throws -> any HierarchySource {
        try YAMLSourceTests().open(text).hierarchy
    }

    func ask(_ query: String, over source: any HierarchySource) async throws -> (QueryAnswer, SourceQuery) {
        let query = SourceQuery(try JSONPath(query), source: source)
        let answer: QueryAnswer = await withCheckedContinuation { continuation in
            DispatchQueue(label: "query").async { continuation.resume(returning: query.answer()) }
        }
        return (answer, query)
    }

    static let pipeline = """
        defaults: &defaults
          image: ruby:3.3
          retry: 2
        build:
          <<: *defaults
          script: [make]
        test:
          extends: *defaults
          when: !manual on_success
        """

    @Test func anAliasIsShownAsWhatItIsAndOpensToItsAnchor() async throws {
        let source = try open(Self.pipeline)
        let defaults = try await source.item("/defaults")
        #expect(defaults.content.subtitle == "object · &defaults")
        let merge = try await source.item("/build/<<")
        #expect(merge.content.subtitle == "alias of &defaults")
        #expect(merge.content.scalar == ScalarValue(.alias, "*defaults"))
        #expect(merge.content.link == "/defaults")
        #expect(merge.content.body == "*defaults → /defaults")
        #expect(merge.childCount == 0, "not a copy of what it repeats")
        #expect(try await source.item("/test/when").content.subtitle == "string · !manual")
        #expect(try await source.item("/test/when").content.scalar == ScalarValue(.string, "on_success"))
    }

    @Test func aQueryReadsAnAliasAsTheValueItsAnchorMarked() async throws {
        let source = try open(Self.pipeline)
        let (answer, _) = try await ask("$.test.extends.image", over: source)
        #expect(answer.matches == ["/defaults/image"], "read through the alias to the anchor's member")
        let (retries, _) = try await ask("$..retry", over: source)
        #expect(retries.matches == ["/defaults/retry"], "the anchor's member, found once under each alias of it")
    }

    @Test func theTagsOfCollectionsAndYAMLsOwnTagsInTheirShortForm() async throws {
        let source = try open("set: !!set {a: null, b: null}\nomap: !!omap [a: 1]\nbinary: !!binary aGk=\nplain: 1\n")
        #expect(try await source.item("/set").content.subtitle == "object · !!set")
        #expect(try await source.item("/omap").content.subtitle == "array · !!omap")
        #expect(try await source.item("/binary").content.subtitle == "string · !!binary")
        #expect(try await source.item("/plain").content.subtitle == "number")
        let (arrays, _) = try await ask("$[?length(@) == 1]", over: source)
        #expect(arrays.matches == ["/omap"], "a tagged sequence is still an array to a query")
    }

    @Test func commentsAboveAValueAndEndingItsLineAreItsDescriptionAndPreview() async throws {
        let text = """
            # The service's name,
            # as DNS sees it.
            name: web   # no capitals
            spec:  # what runs
              replicas: 3
              script: |
                # inside a literal: text, not a comment
              next: 1
            items:
              # the first
              - a
              - "b # not a comment"
            """
        let source = try open(text)
        #expect(try await source.item("/name").content.description == "The service's name,\nas DNS sees it.\nno capitals")
        #expect(try await source.item("/spec").content.description == "what runs")
        #expect(try await source.item("/spec/replicas").content.description == "")
        #expect(try await source.item("/spec/script").content.scalar == ScalarValue(.string, "# inside a literal: text, not a comment\n"))
        #expect(try await source.item("/spec/next").content.description == "", "the literal's last line is no comment of the next key")
        #expect(try await source.item("/items/0").content.description == "the first")
        #expect(try await source.item("/items/1").content.description == "")
        let preview = try await source.itemPreview(of: "/name", lines: 10)
        #expect(preview.lines.map(\.text) == ["# The service's name,", "# as DNS sees it.", "# no capitals", "web"])
        #expect(preview.noteLines == 3, "a copy of the value leaves its comments out")
    }

    @Test func anAliasPreviewsAsTheValueItRepeats() async throws {
        let source = try open(Self.pipeline)
        let preview = try await source.itemPreview(of: "/test/extends", lines: 10)
        #expect(preview.lines.first?.text == "*defaults repeats /defaults:")
        #expect(preview.noteLines == 1)
        #expect(preview.lines.map(\.text).contains("  \"image\": \"ruby:3.3\","))
    }

    @Test func anAliasBombOpensAtOnceAndAQueryStopsAtItsBound() async throws {
        var text = "a: &a [x, x, x, x, x, x, x, x, x]\n"
        let letters = Array("abcdefghij")
        for index in 1..<letters.count {
            let previous = letters[index - 1]
            text += "\(letters[index]): &\(letters[index]) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
        }
        let source = try open(text)
        #expect(try await source.numberOfChildren(of: "/j") == 9)
        #expect(try await source.item("/j/0").content.link == "/i")
        #expect(try await source.numberOfChildren(of: "/j/0") == 0, "nine to the ninth copies are never made")
        let (answer, query) = try await ask("$.j[0][0][0][0][0][0][0][0][0][0]", over: source)
        #expect(answer.matches == ["/a/0"], "through nine aliases to the first anchor's element")
        #expect(query.reader.failure == nil)
        let (walked, bounded) = try await ask("$..[?@ == 'y']", over: source)
        #expect(walked.matches.isEmpty)
        #expect(walked.failure?.contains("aliases repeat more than 1000000 values") == true)
        #expect(bounded.reader.failure != nil)
    }

    @Test func aDocumentWithAliasesIsCopiedToLookForAnObjectTreeOnlyWhenItCouldBeOne() throws {
        func kept(_ text: String) throws -> JSONDocument {
            try #require(try YAMLLoader.documents(Array(text.utf8), origin: "t.yaml", aliases: .kept).first)
        }
        let bomb = try kept("a: &a [x, x, x]\nb: &b [*a, *a, *a]\nc: [*b, *b, *b]\n")
        #expect(!JSONDocumentBuilder.isObjectTree(bomb, childrenField: "children", aliasesMayBe: true), "no children anywhere: nothing is copied")
        #expect(JSONDocumentBuilder.isObjectTree(try kept("kids: &k [{name: a}]\nchildren: *k\n"), childrenField: "children", aliasesMayBe: true))
        #expect(JSONDocumentBuilder.isObjectTree(try kept("kids: &k [{name: a}]\nname: top\nchildren: [*k]\n"), childrenField: "children", aliasesMayBe: true))
        #expect(JSONDocumentBuilder.isObjectTree(try kept("- &t {name: a, children: []}\n- *t\n"), childrenField: "children", aliasesMayBe: true))
        #expect(!JSONDocumentBuilder.isObjectTree(try kept("- &t {name: a, children: 3}\n- *t\n"), childrenField: "children", aliasesMayBe: true))
        #expect(!JSONDocumentBuilder.isObjectTree(try kept("k: &k [1]\nitems: *k\n"), childrenField: "children", aliasesMayBe: true))
        #expect(JSONDocumentBuilder.isObjectTree(try kept("k: &k [1]\nitems: *k\n"), childrenField: "items", aliasesMayBe: true))
    }

    @Test func aLargeAliasBombOpensWithItsAliasesKept() async throws {
        var text = String(repeating: "# " + String(repeating: "padding ", count: 16) + "\n", count: 8_200)
        text += "a: &a [x, x, x, x, x, x, x, x, x]\n"
        let letters = Array("abcdefghij")
        for index in 1..<letters.count {
            text += "\(letters[index]): &\(letters[index]) [" + Array(repeating: "*\(letters[index - 1])", count: 9).joined(separator: ", ") + "]\n"
        }
        #expect(text.utf8.count >= YAMLKind.indexedBytes)
        let source = try open(text)
        #expect(try await source.item("/j/0").content.link == "/i")
        #expect(try await source.numberOfChildren(of: "/j/0") == 0, "nine to the ninth copies are never made")
    }

    @Test func aStreamKeepsEachDocumentsNotesWhereTheyAre() async throws {
        let source = try open("a: &x 1\nb: *x\n---\n# second\nc: &y [2]\nd: *y\n")
        #expect(try await source.item("/0/b").content.link == "/0/a")
        #expect(try await source.item("/1/d").content.link == "/1/c")
        #expect(try await source.item("/1/c").content.description == "second")
    }

    @Test(arguments: ["\u{FEFF}# top\r\nname: web  # the name\r\nport: !!int 80\r\n", "# top\nname: web  # the name\nport: !!int 80\n"])
    func commentsAndTagsAreFoundAfterAByteOrderMarkAndBetweenCRLFs(text: String) async throws {
        let source = try open(text)
        #expect(try await source.item("/name").content.description == "top\nthe name")
        #expect(try await source.item("/name").content.scalar == ScalarValue(.string, "web"))
        #expect(try await source.item("/port").content.subtitle == "number · !!int")
    }

    @Test func eachValueIsAtTheLineOfItsKeyOrItsOwn() async throws {
        let source = try open(Self.pipeline)
        #expect(try await source.itemLocation(of: "/defaults").line == 1)
        #expect(try await source.itemLocation(of: "/defaults/retry").line == 3)
        #expect(try await source.itemLocation(of: "/build/<<").line == 5)
        #expect(try await source.itemLocation(of: "/test/when").line == 9)
        let stream = try open("a: 1\n---\n- x\n- y\n")
        #expect(try await stream.itemLocation(of: "/1/1").line == 4)
    }

    @Test func aCommentBelongsToTheFirstValueOnTheLineBelowItAndNoOther() async throws {
        let text = "# the ports\nports: [80, 443]\nitems:\n  # the first\n  - a: 1\n    b: 2\nscript: |\n  x\n# about next\nnext: 1\n"
        let source = try open(text)
        #expect(try await source.item("/ports").content.description == "the ports")
        #expect(try await source.item("/ports/0").content.description == "", "an element later on the line")
        #expect(try await source.item("/items/0").content.description == "", "left to its first member, which starts where it does")
        #expect(try await source.item("/items/0/a").content.description == "the first")
        #expect(try await source.item("/script").content.description == "", "a block scalar ends on the next line, whose comment is not its own")
        #expect(try await source.item("/next").content.description == "about next")
        #expect(try await source.item("").content.description == "")
    }

    @Test func lineBreaksOfACarriageReturnAloneCountAsLibyamlCountsThem() async throws {
        let source = try open("a: 1\r# the b\rb: 2\r")
        #expect(try await source.item("/b").content.description == "the b")
        #expect(try await source.itemLocation(of: "/b").line == 3)
    }

    @Test func anObjectTreeWhoseChildrenAreAnAliasReadsTheObjectsItRepeats() async throws {
        let opened = try YAMLSourceTests().open("kids: &k\n  - name: Pump\n    id: p1\nname: Plant\nchildren: *k\n")
        #expect(opened.format == .tree)
        let root = try #require(try await opened.hierarchy.root())
        #expect(try await opened.hierarchy.children(of: root.id).map(\.id) == ["p1"])
    }

    @Test func aCommentAfterAFlowCollectionAnAnchorOrASpacedColonIsKept() async throws {
        let source = try open("k: [1, 2] # flow\nbase: &b # anchored\n  x: 1\nspaced : # spaced\n  y: 2\nlast: {a: 1}\n")
        #expect(try await source.item("/k").content.description == "flow")
        #expect(try await source.item("/k/1").content.description == "")
        #expect(try await source.item("/base").content.description == "anchored")
        #expect(try await source.item("/spaced").content.description == "spaced")
        #expect(try await source.item("/last").content.description == "")
    }
}
