import ArborCore
@testable import ArborSources
import Foundation
import Testing

/// YAML read through libfyaml's events (YAML 1.2): what libyaml refused is read, what libfyaml wrongly refuses is
/// read through libyaml, text YAML does not allow is refused with its place, and every value keeps the line
/// libyaml gave it.
@Suite("YAML parser")
struct YAMLParserTests {
    static func documents(_ text: String) throws -> [JSONDocument] {
        try YAMLLoader.documents(Array(text.utf8), origin: "f.yaml")
    }

    static func transcoded(_ text: String) throws -> String? {
        try YAMLTranscoder.json(Array(text.utf8), limit: 1 << 20).map { String(decoding: $0, as: UTF8.self) }
    }

    /// YAML 1.2 that libyaml 0.2.5 refused: a flow mapping's values on the next line, an anchor with a colon,
    /// a plain scalar starting with `?` in a flow collection, a tab before a flow collection.
    @Test(arguments: [
        ("{ a\n  : 1,\n  \"b\"\n  :2 }\n", ["a", "b"], ["1", "2"]),
        ("key: &an:chor value\nother: *an:chor\n", ["key", "other"], ["value", "value"]),
        ("[?x, ?y]\n", [nil, nil], ["?x", "?y"]),
        ("\t[a, b]\n", [nil, nil], ["a", "b"]),
    ] as [(String, [String?], [String])])
    func yamlOneTwoThatLibyamlRefusedIsRead(text: String, keys: [String?], texts: [String]) throws {
        let document = try #require(try Self.documents(text).first)
        let members = document.children(of: 0)
        #expect(members.map { document.nodes[Int($0)].key } == keys)
        #expect(members.map { document.nodes[Int($0)].text } == texts)
    }

    /// YAML that libyaml 0.2.5 accepted though it is invalid is refused, with a line and a column.
    @Test(arguments: [
        ("---\nflow: [a,\nb,\nc]\n", "f.yaml:3:1: invalid YAML: wrongly indented flow sequence"),
        ("---\n[ a, b, c,#invalid\n]\n", "f.yaml:2:11: invalid YAML: invalid comment after comma"),
        ("key: \"value\"# invalid comment\n", "f.yaml:1:13: invalid YAML: invalid comment without whitespace after double-quoted scalar"),
    ])
    func invalidYAMLThatLibyamlAcceptedIsRefused(text: String, message: String) {
        let error = #expect(throws: SourceLoadError.self) { try Self.documents(text) }
        #expect(error?.message == message)
    }

    /// libfyaml 0.7.12 refuses an empty entry (`-` alone) of a sequence written at its key's column; such a
    /// stream is read again through libyaml, which reads it right. Without that, each of these was refused.
    @Test(arguments: ["items:\n-\n- x\n", "items:\n- x\n-\n", "items:\n- # nothing\n- x\nnext: 1\n"])
    func anEmptyEntryOfASequenceAtItsKeysColumnIsRead(text: String) throws {
        let document = try #require(try Self.documents(text).first)
        let items = document.children(of: document.children(of: 0)[0])
        #expect(items.map { document.nodes[Int($0)].kind }.sorted { "\($0)" < "\($1)" } == [.null, .string])
        #expect(try Self.transcoded(text) != nil, "the transcoder reads it too")
    }

    /// A character YAML does not allow is refused at its line and column, whether the whole-stream reader or the
    /// transcoder reads the file; a stream libfyaml refuses without a reason is refused where it stopped.
    @Test func textYAMLDoesNotAllowIsRefusedWithItsPlace() {
        let control = #expect(throws: SourceLoadError.self) { try Self.documents("a: 1\nbé: x\u{01}y\n") }
        #expect(control?.message == "f.yaml:2:6: invalid YAML: control character U+0001 is not allowed (escape it in a double-quoted string)")
        #expect(throws: YAMLGraph.Failure.self) { try Self.transcoded("a: 1\nb: \u{7F}\n") }
        let silent = #expect(throws: SourceLoadError.self) { try Self.documents("--- |0\n") }
        #expect(silent?.message.hasPrefix("f.yaml:1:") == true, "\(silent?.message ?? "")")
    }

    /// Each value is written on the line libyaml placed it: a block scalar at its `|`, a value with a tag or an
    /// anchor at them, an empty value after its `-` or `:`, so the index's line of an item is the YAML's.
    @Test func valuesKeepTheLinesLibyamlGaveThem() throws {
        let text = "a: |\n  text\nb: !t\n  x\nl:\n  - 1\n  -\n  - >\n\n    folded\nc:\nd: &x\n  - y\n"
        let json = try #require(try Self.transcoded(text))
        let lines = json.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.firstIndex { $0.contains("\"a\":\"text") } == 0)
        #expect(lines.firstIndex { $0.hasPrefix("\"b\":\"x") } == 2)
        #expect(lines.firstIndex { $0 == "null," } == 6, "the empty entry on its `-` line: \(lines)")
        #expect(lines.firstIndex { $0.contains("folded") } == 7, "the folded scalar at its `>`: \(lines)")
        #expect(lines.firstIndex { $0.hasPrefix("\"c\":null") } == 10)
        #expect(lines.firstIndex { $0.hasPrefix("\"d\":") } == 11)
        let document = try #require(try YAMLLoader.documents(Array(text.utf8), origin: "f.yaml", aliases: .kept).first)
        #expect(Array(document.lines.prefix(7)) == [1, 1, 3, 5, 6, 7, 8], "each value at its key's line or its own, from 1")
    }

    /// libfyaml places a quoted scalar inside its quotes and an anchor or alias after its sigil; Arbor places
    /// them at the quote and the sigil, as libyaml did, so the comments around them are found and an empty value
    /// after a quoted one is on its own line.
    @Test func quotesAndSigilsArePartOfTheirValuesPlace() throws {
        let text = "name: \"web\"  # the name\n# above a quoted key\n\"k\": v\nitems:\n  # first\n  - &a x\n  # second\n  - *a\n  - 'q' # quoted\nempty: !!null  # nothing\n"
        let document = try #require(try YAMLLoader.documents(Array(text.utf8), origin: "f.yaml", aliases: .kept).first)
        let comments = (0..<document.nodes.count).compactMap { document.yamlNotes[Int32($0)]?.comment }
        #expect(comments == ["the name", "above a quoted key", "first", "second", "quoted", "nothing"])
        let json = try #require(try Self.transcoded("- \"a\"\n-\n- 'b'\n-\n"))
        #expect(json == "[\"a\",\nnull,\n\"b\",\nnull]")
        let alias = #expect(throws: SourceLoadError.self) { try Self.documents("a: 1\nb: *missing\n") }
        #expect(alias?.message == "f.yaml:2:4: invalid YAML: found undefined alias")
    }

    /// The parser's warnings are passed over: the error is the one reported.
    @Test func anErrorIsReportedRatherThanAWarningBeforeIt() {
        let error = #expect(throws: SourceLoadError.self) { try Self.documents("%FOO bar\n---\n[a\n") }
        #expect(error?.message.contains("closing bracket") == true, "\(error?.message ?? "")")
    }

    /// The place of a value on a long line is counted from the value before it, not from the line's start.
    @Test func valuesOnOneLongLineKeepTheirColumns() throws {
        let members = (0..<20_000).map { "k\($0): " }.joined(separator: ", ")
        let document = try #require(try YAMLLoader.documents(Array("{\(members)}\n".utf8), origin: "f.yaml", aliases: .kept).first)
        #expect(document.children(of: 0).count == 20_000)
        #expect(document.lines.dropFirst().allSatisfy { $0 == 1 })
    }

    /// Scalars libfyaml 0.7 writes short, with NULs at their end, are read from their bytes as YAML 1.2 reads them
    /// (the values PyYAML gives): a folded scalar's empty line before a more indented one, an escape just before a
    /// line's end in a double-quoted scalar, an escaped line break before empty lines; the same through the JSON
    /// text of a large file's index.
    @Test(arguments: [
        ("u: >\n  a\n\n   b\nk: 1\n", "a\n\n b\n"),
        ("u: >-\n  a\n \n   b\n\n\nk: 1\n", "a\n\n b"),
        ("u: >+\n  folded\n  text\n\n    code\n  more\n\n", "folded text\n\n  code\nmore\n\n"),
        ("u: \"x\\ \n  y\"\n", "x  y"),
        ("u: \"a\\t\n  b \\\\\\\n  c\"\n", "a\t b \\c"),
        ("u: \"a\\\n\n  b\"\n", "a\nb"),
        ("u: \"or \t\\\n  \\ \tnon-content\"\n", "or \t \tnon-content"),
        // Ended by a comment indented less than its lines (libfyaml's token then stops past the comment's spaces),
        // at the end of the file with or without a line break (found by the yaml fuzz target).
        ("u: >\n  a\n \n   b\n # c\n", "a\n\n b\n"),
        ("u: >+\n  a\n\n   b\n\n # c", "a\n\n b\n\n"),
    ])
    func scalarsLibfyamlWritesShortAreReadFromTheirBytes(text: String, value: String) throws {
        let document = try #require(try Self.documents(text).first)
        let member = try #require(document.children(of: 0).first)
        #expect(document.nodes[Int(member)].text == value, "\(text.debugDescription)")
        let json = try #require(try Self.transcoded(text))
        let read = try JSONTreeReader.parse(Array(json.utf8), origin: "f")
        #expect(read.nodes[Int(try #require(read.children(of: 0).first))].text == value)
    }
}
