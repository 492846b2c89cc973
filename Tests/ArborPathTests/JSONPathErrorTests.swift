import ArborPath
import Testing

@Suite("JSONPath errors, paths and values")
struct JSONPathErrorTests {
    func failure(_ expression: String) -> JSONPathError? {
        do {
            _ = try JSONPath(expression)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        ("$.a[?@.b = 1]", 9, "'=' is not an operator"),
        ("$[01]", 3, "may not start with 0"),
        ("$.a.", 4, "a name was expected at the end"),
        ("status", 0, "a query starts with '$'"),
        ("$[?@.price > ]", 13, "an expression was expected"),
        ("$[?length(@.*) > 1]", 10, "one value"),
        ("$[?count(@.a) == 1 && foo(@)]", 22, "there is no function foo()"),
        ("$['unclosed", 11, "not closed"),
        ("$[9007199254740992]", 2, "outside"),
        ("$.a b", 4, "unexpected 'b'"),
        ("$.a ", 3, "may not end with blanks"),
    ])
    func anErrorSaysWhereItIs(expression: String, offset: Int, message: String) throws {
        let error = try #require(failure(expression))
        #expect(error.offset == offset, "\(error)")
        #expect(error.column == offset + 1)
        #expect(error.message.contains(message), "\(error)")
        #expect(error.description.hasSuffix("at column \(offset + 1)"))
    }

    @Test func deepNestingIsRefusedNotOverflowed() {
        let nested = "$[?" + String(repeating: "(", count: 10_000) + "@.a" + String(repeating: ")", count: 10_000) + "]"
        #expect(failure(nested)?.message.contains("nests more than") == true)
        let filters = String(repeating: "$[?@", count: 5_000) + String(repeating: "]", count: 5_000)
        #expect(failure(filters) != nil)
    }

    @Test func normalizedPathsEscapeNames() throws {
        let document = try JSONPathValue(parsing: #"{"it's": {"a\nb": [10, 20]}, "\u0001": 1}"#)
        let paths = try JSONPath("$..*").matches(in: document).map { NormalizedPath.text($0.path) }
        #expect(paths == [#"$['it\'s']"#, #"$['\u0001']"#, #"$['it\'s']['a\nb']"#, #"$['it\'s']['a\nb'][0]"#, #"$['it\'s']['a\nb'][1]"#])
    }

    @Test func valuesPrintAsCompactJSON() throws {
        let value = try JSONPathValue(parsing: #" {"a": [1, 2.5, -0, 1e3, true, null, "x\"\u0007"], "b": {}} "#)
        #expect(value.compactJSON == #"{"a":[1,2.5,-0,1e3,true,null,"x\"\u0007"],"b":{}}"#, "numbers as written")
        #expect(throws: JSONPathError.self) { try JSONPathValue(parsing: "[1,]") }
        #expect(throws: JSONPathError.self) { try JSONPathValue(parsing: "01") }
        #expect((try? JSONPathValue(parsing: #""\ud83d\ude00""#)) == .string("😀"))
    }

    @Test func aStopEndsTheWalk() throws {
        let document = JSONPathValue.array((0..<10_000).map { .number(JSONNumber(Double($0))) })
        var seen = 0
        let finished = try JSONPath("$..*").forEachMatch(in: document, shouldStop: { seen >= 300 }) { _, _ in
            seen += 1
            return true
        }
        #expect(!finished)
        #expect(seen < 1_000)
        var taken = 0
        #expect(try !JSONPath("$[*]").forEachMatch(in: document) { _, _ in
            taken += 1
            return taken < 5
        })
        #expect(taken == 5)
    }
}
