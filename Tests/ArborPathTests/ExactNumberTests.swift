import ArborPath
import Testing

/// Numbers kept as written and compared by their exact decimal value.
@Suite("Numbers as written, compared exactly")
struct ExactNumberTests {
    func number(_ literal: String) -> JSONNumber { JSONNumber(literal: literal)! }

    @Test func literalsPrintAsWritten() throws {
        for literal in ["9007199254740993", "1e400", "0.1", "-0", "1.50", "1E+3", "-12.5e-7"] {
            #expect(try JSONPathValue(parsing: literal).compactJSON == literal)
        }
        #expect(JSONNumber(literal: "inf")?.jsonText == "null" && JSONNumber(literal: "nan")?.isFinite == false)
        for text in ["01", "1.", ".5", "+1", "1e", "0x10", "infinity", ""] { #expect(JSONNumber(literal: text) == nil, "\(text)") }
    }

    @Test func equalityIsExactAndIgnoresHowTheValueIsWritten() {
        #expect(number("9007199254740993") != number("9007199254740992"), "a double cannot tell them apart")
        #expect(number("1.0") == number("1") && number("1e2") == number("100.00") && number("-0") == number("0"))
        #expect(number("0.1") != number("0.10000000000000001"))
        #expect(Set([number("1"), number("1.0"), number("10e-1"), number("2")]).count == 2, "equal numbers hash alike")
        #expect(number("nan") != number("nan") && number("inf") == number("inf") && number("1e400") != number("inf"))
    }

    @Test func orderIsExactWithTheInfinitiesAtItsEnds() {
        let sorted = ["-inf", "-1e400", "-2", "-0.5", "0", "1e-400", "9007199254740992", "9007199254740993", "1e400", "inf"]
        for (lower, higher) in zip(sorted, sorted.dropFirst()) {
            #expect(number(lower) < number(higher) && !(number(higher) < number(lower)), "\(lower) < \(higher)")
        }
        #expect(!(number("nan") < number("1")) && !(number("1") < number("nan")))
    }

    @Test func filtersCompareIntegersBeyondTwoToTheFiftyThirdExactly() throws {
        let document = try JSONPathValue(parsing: #"[{"a": 9007199254740993}, {"a": 9007199254740992}, {"a": 1.0}]"#)
        func matches(_ expression: String) throws -> [String] {
            try JSONPath(expression).matches(in: document).map { $0.node.compactJSON }
        }
        #expect(try matches("$[?@.a == 9007199254740993]") == [#"{"a":9007199254740993}"#])
        #expect(try matches("$[?@.a > 9007199254740992]") == [#"{"a":9007199254740993}"#])
        #expect(try matches("$[?@.a == 1]") == [#"{"a":1.0}"#])
    }

    @Test func aDocumentsSpellingsOfANumberKeepTheirLiteralAndWriteTheirValueInJSON() throws {
        let spellings = [("0x1F", "31"), ("0o17", "15"), ("+3", "3"), ("-012", "-12"), (".5", "0.5"), ("+.5e3", "0.5e3"), ("1.", "1.0"),
                         ("1e400", "1e400"), ("9007199254740993", "9007199254740993"), ("00", "0"), ("0x0", "0")]
        for (written, json) in spellings {
            let number = try #require(JSONNumber(documentLiteral: written), "\(written)")
            #expect(number.literal == written && number.jsonText == json && number.isFinite, "\(written)")
            #expect(number == JSONNumber(literal: json)!, "\(written) is \(json)")
        }
        for (written, double) in [(".inf", Double.infinity), ("+.Inf", .infinity), ("-.INF", -.infinity), ("inf", .infinity)] {
            let number = try #require(JSONNumber(documentLiteral: written), "\(written)")
            #expect(number.literal == written && number.double == double && number.jsonText == "null", "\(written)")
        }
        #expect(JSONNumber(documentLiteral: ".NaN")?.double.isNaN == true)
        #expect(JSONNumber(documentLiteral: "0x1F")! > JSONNumber(documentLiteral: "30")! && JSONNumber(documentLiteral: ".inf")! > number("1e400"))
        for text in [".", "+.nan", "0x", "0xG", "1_000", "0b101", "e5", "--1", "1.2.3", "٣", ".inf.", "1:30", "", "+-1", "-+0.5", "0x+1F", "0o-17", "-0x1F", "+0o17"] {
            #expect(JSONNumber(documentLiteral: text) == nil, "\(text)")
        }
    }
}
