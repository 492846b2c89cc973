import ArborCore
import Testing

@Suite("The query matcher: fzf's extended syntax, smart case, scoring and highlighted ranges")
struct TextMatcherTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let query: String
        let text: String
        let matched: Bool
        var testDescription: String { "\(query) in \(text)" }
        init(_ query: String, _ text: String, _ matched: Bool) {
            self.query = query
            self.text = text
            self.matched = matched
        }
    }

    static let syntax: [Case] = [
        Case("gtdc", "gtk-doc", true),
        Case("gtdc", "gdtc", false),
        Case("'tk-d", "gtk-doc", true),
        Case("'tkd", "gtk-doc", false),
        Case("^gtk", "gtk-doc", true),
        Case("^doc", "gtk-doc", false),
        Case("doc$", "gtk-doc", true),
        Case("gtk$", "gtk-doc", false),
        Case("^gtk-doc$", "gtk-doc", true),
        Case("^gtk$", "gtk-doc", false),
        Case("^gtk-doc-x$", "gtk-doc", false),
        Case("!doc", "gtk-doc", false),
        Case("!xml", "gtk-doc", true),
        Case("!^gtk", "gtk-doc", false),
        Case("!doc$", "gtk-doc", false),
        Case("!doc$", "gtk-docs", true),
        Case("gtk doc", "gtk-doc", true),
        Case("gtk xml", "gtk-doc", false),
        Case("xml | doc", "gtk-doc", true),
        Case("xml | json", "gtk-doc", false),
        Case("^xml | ^gtk doc$", "gtk-doc", true),
        Case("| doc", "gtk-doc", true),
        Case("!xml | !doc", "gtk-doc", true),
        Case("a\\ b", "a b", true),
        Case("a\\ b", "ab", false),
        Case("a\\", "a\\", true),
        Case("$", "a$", true),
        Case("price\\$", "price$", true),
        Case("'", "anything", true),
        Case("  ", "anything", true),
        Case("", "", true),
        Case("al", "Alpha", true),
        Case("Al", "alpha", false),
        Case("Al", "Alpha", true),
        Case("ALP", "alpha", false),
        Case("straße", "Große Straße", true),
        Case("STRASSE", "Große Straße", false),
        Case("größe", "GRÖSSE", false),
        Case("öße", "GRÖßE", true),
        Case("日本", "東京 日本", true),
        Case("日本", "東京 大阪", false),
        Case("日本語", "日本", false),
        Case("本日", "日本", false),
        Case("long query", "long", false),
        Case("語", "日本", false),
        Case("gtk | !xml", "gtk-doc", true),
        Case("gtk | g", "gtk-doc", true),
        Case("doc", "(doc)", true),
        Case("1", "g1", true),
        Case("abcdefghijklmnopqrstuvwxyz", "Größe ABC straße", false),
    ]

    @Test(arguments: syntax) func syntaxAndCase(_ example: Case) {
        #expect(TextMatcher(example.query).matches(example.text) == example.matched)
        #expect((TextMatcher(example.query).match(example.text) != nil) == example.matched)
        var text = example.text
        let scored = text.withUTF8 { TextMatcher(example.query).score($0) }
        #expect((scored != nil) == example.matched)
    }

    static let highlights: [(String, String, [String])] = [
        ("gtdc", "gtk-doc", ["gt", "d", "c"]),
        ("ab", "xab", ["ab"]),
        ("abc", "Größe ABC straße", ["ABC"]),
        ("'doc", "doc gtk-doc", ["doc"]),
        ("doc$", "doc gtk-doc", ["doc"]),
        ("gtk | xml", "gtk-doc", ["gtk"]),
        ("gtk !xml", "gtk-doc", ["gtk"]),
        ("straße", "Große Straße", ["Straße"]),
        ("öße", "GRÖßE", ["ÖßE"]),
        ("gr öße", "GRÖßE", ["GRÖßE"]),
        ("日本", "東京 日本", ["日本"]),
        ("oo", "foo bar", ["oo"]),
    ]

    @Test func highlightedRangesAreTheCharactersMatched() {
        for (query, text, expected) in Self.highlights {
            let ranges = TextMatcher(query).ranges(in: text)
            #expect(ranges.map { String(text[$0]) } == expected, "\(query) in \(text)")
        }
        #expect(TextMatcher("xyz").ranges(in: "abc").isEmpty)
        #expect(TextMatcher("").ranges(in: "abc").isEmpty)
        #expect(TextMatcher("").isEmpty && TextMatcher("! ^ '").isEmpty && !TextMatcher("a").isEmpty)
    }

    /// Pairs of texts for one query: the first must score higher.
    static let preferences: [(String, String, String, String)] = [
        ("word starts", "gd", "gtk-doc", "agxdx"),
        ("consecutive characters", "doc", "docs", "d-o-c"),
        ("camel case humps", "fb", "FooBar", "foobar"),
        ("a match at the start", "a", "abc", "bca"),
        ("the tighter window", "ab", "ab xxxx", "a xxxx b"),
        ("the exact word at a boundary", "'doc", "gtk doc", "gtkdocx"),
        ("the best alternative", "zz | gtk", "gtk", "g-t-k"),
    ]

    @Test func scoringPrefersWordStartsAndConsecutiveCharacters() {
        for (reason, query, better, worse) in Self.preferences {
            let matcher = TextMatcher(query)
            let high = matcher.match(better)?.score ?? .min
            let low = matcher.match(worse)?.score ?? .min
            #expect(high > low, "\(reason): \(better) \(high) over \(worse) \(low)")
        }
    }

    @Test func aLongerQueryNarrowsOnlyWhenEveryMatchOfItMatchedBefore() {
        #expect(TextMatcher("abc").narrows(TextMatcher("ab")))
        #expect(TextMatcher("ab c").narrows(TextMatcher("ab")))
        #expect(TextMatcher("aB").narrows(TextMatcher("a")))
        #expect(!TextMatcher("ab").narrows(TextMatcher("abc")))
        #expect(!TextMatcher("a !b").narrows(TextMatcher("a")))
        #expect(!TextMatcher("a | b").narrows(TextMatcher("a")))
        #expect(!TextMatcher("ab$c").narrows(TextMatcher("ab$")))
        #expect(!TextMatcher("a\\ b").narrows(TextMatcher("a\\")))
    }
}
