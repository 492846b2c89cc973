import ArborSources
import Testing

@Suite("JSON parsing")
struct JSONDocumentTests {
    func parse(_ text: String) throws -> JSONDocument {
        try JSONDocument.parse(Array(text.utf8))
    }

    func syntaxError(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try JSONDocument.parse(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func valuesKeepTheirOrderKeysAndText() throws {
        let document = try parse(#"{"b": 1.5e3, "a": [true, null, "x\"y"], "c": {}}"#)
        let members = document.children(of: 0)
        #expect(members.map { document.nodes[Int($0)].key } == ["b", "a", "c"])
        #expect(document.nodes[Int(members[0])].kind == .number)
        #expect(document.nodes[Int(members[0])].text == "1.5e3")
        #expect(document.preview(members[1]) == "[3 items]")
        #expect(document.preview(members[2]) == "{0 keys}")
        let elements = document.children(of: members[1])
        #expect(elements.map { document.nodes[Int($0)].kind } == [.bool, .null, .string])
        #expect(document.nodes[Int(elements[2])].text == "x\"y")
        #expect(document.member("a", of: 0) == members[1])
        #expect(document.member("z", of: 0) == nil)
    }

    @Test func escapesAndSurrogatePairsDecode() throws {
        let document = try parse(#"["\u00e9\n\t\/", "\ud83c\udf33 tree", "日本"]"#)
        let texts = document.children(of: 0).map { document.nodes[Int($0)].text }
        #expect(texts == ["é\n\t/", "🌳 tree", "日本"])
    }

    @Test func errorsNameTheLineAndColumn() {
        let trailingComma = syntaxError("{\n  \"a\": [1,\n  2,, 3]\n}")
        #expect(trailingComma?.line == 3)
        #expect(trailingComma?.column == 5)
        #expect(trailingComma?.message == "unexpected ',', expected a value")
        let unterminated = syntaxError("[\"abc")
        #expect(unterminated?.message == "unterminated string")
        let missingColon = syntaxError("{\"a\" 1}")
        #expect(missingColon?.message == "expected ':' after the member name")
        #expect(missingColon?.column == 6)
        let wideColumn = syntaxError("[\"日本\" x]")
        #expect(wideColumn?.column == 7)
    }

    @Test(arguments: [
        ("", "the document is empty"),
        ("   \n ", "the document is empty"),
        ("[1] 2", "unexpected '2' after the end of the document"),
        ("[01]", "unexpected '1', expected ',' or ']'"),
        ("[-]", "invalid number: expected a digit"),
        ("[1.]", "invalid number: expected a digit after '.'"),
        ("[1e]", "invalid number: expected a digit in the exponent"),
        ("[tru]", "unexpected 't', expected a value"),
        ("{\"a\":1", "unexpected end of input, expected ',' or '}'"),
        ("{1:2}", "expected a member name in double quotes"),
        ("[\"a\u{01}\"]", "control character in a string (escape it)"),
        ("[\"\\q\"]", "invalid escape '\\q'"),
        ("[\"\\u12\"]", "invalid \\u escape: expected four hex digits"),
        ("\u{00}", "unexpected byte 0x00, expected a value"),
    ])
    func malformedInputIsRejected(input: String, message: String) {
        #expect(syntaxError(input)?.message == message)
    }

    @Test func deepNestingNeedsNoRecursion() throws {
        let depth = 100_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let document = try parse(text)
        #expect(document.nodes.count == depth)
        #expect(document.nodes[depth - 1].parent == Int32(depth - 2))
    }

    @Test func invalidUTF8BecomesReplacementCharacters() throws {
        let document = try JSONDocument.parse([0x5B, 0x22, 0x61, 0xFF, 0x22, 0x5D])
        #expect(document.nodes[1].text == "a\u{FFFD}")
    }
}
