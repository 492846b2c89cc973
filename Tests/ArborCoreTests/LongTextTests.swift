@testable import ArborCore
import Testing

/// A text's first MiB, as a find and a container's fields keep it: cut before the character the limit falls in.
@Suite("Long texts kept by their first MiB")
struct LongTextTests {
    @Test func aShortTextIsKeptWhole() {
        #expect(LongText.prefix("short") == "short")
        let exact = String(repeating: "a", count: LongText.limit)
        #expect(LongText.prefix(exact) == exact)
    }

    @Test(arguments: [0, 1, 2, 3])
    func aLongTextIsCutBeforeTheCharacterTheLimitFallsIn(shift: Int) {
        // A three-byte character `shift` bytes before the limit: across it for 1 and 2, before it for 3.
        let text = String(repeating: "a", count: LongText.limit - shift) + "日本" + String(repeating: "b", count: 10)
        let kept = LongText.prefix(text)
        #expect(kept == String(repeating: "a", count: LongText.limit - shift) + (shift == 3 ? "日" : ""))
        #expect(kept.utf8.count <= LongText.limit)
    }

    @Test func aFindMatchesAFieldsFirstMiB() {
        let body = String(repeating: "x", count: LongText.limit) + " needle"
        let text = SearchFields([.title, .body]).text(title: "title", id: "/a", body: body)
        #expect(text == "title\u{1F}" + String(repeating: "x", count: LongText.limit))
        // A page holds an entry as the fields made it: the body's first MiB after the title, none of it lost.
        var page = SearchPage()
        page.append(SearchEntry(id: "", text: text, childCount: nil))
        #expect(page[0].text == text)
    }

    /// A line of some cells shows a text's start only: the text is cut well past it, and a short one is kept.
    @Test func aLineOfCellsKeepsATextsStart() {
        #expect(LongText.prefix("short", cells: 0) == "short")
        let long = String(repeating: "日本", count: 1_000)
        let cut = LongText.prefix(long, cells: 10)
        #expect(cut.count == 10 * 2 + 16 && long.hasPrefix(cut))
        // Characters with marks are kept whole, however many scalars they take.
        let marked = String(repeating: "e" + String(repeating: "\u{301}", count: 6), count: 100)
        #expect(LongText.prefix(marked, cells: 12).count == 12 * 2 + 16)
        let value = ScalarValue(.string, long)
        #expect(value.shown(cells: 10) == "\"" + cut + "\"")
        #expect(ScalarValue(.number, "7").shown(cells: 1) == "7")
    }
}
