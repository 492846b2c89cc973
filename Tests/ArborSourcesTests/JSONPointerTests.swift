import ArborSources
import Testing

/// JSON pointers escape `~` and `/` byte by byte (RFC 6901), whatever follows them.
@Suite("JSON pointers")
struct JSONPointerTests {
    @Test(arguments: [
        ("a/b", "a~1b"), ("~k", "~0k"), ("~1", "~01"), ("plain", "plain"),
        // A slash followed by a combining mark is one Character with it; it is still a slash (found by the diff fuzz target).
        ("kkkkkkkkkk/\u{0344}bkb", "kkkkkkkkkk~1\u{0344}bkb"), ("/\u{0301}", "~1\u{0301}"), ("~\u{0301}/", "~0\u{0301}~1"),
    ])
    func keysRoundTrip(key: String, segment: String) {
        #expect(Array(JSONPointer.escape(key).utf8) == Array(segment.utf8))
        #expect(Array(JSONPointer.unescape(segment).utf8) == Array(key.utf8))
    }

    @Test func aTildeBeforeAnythingElseStays() {
        #expect(JSONPointer.unescape("a~2~") == "a~2~")
    }
}
