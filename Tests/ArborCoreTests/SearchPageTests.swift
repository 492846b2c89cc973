import Testing
@testable import ArborCore

@Suite("A page of a find's entries holds their texts in one buffer and gives them back as entries")
struct SearchPageTests {
    @Test func entriesMadeOneByOneComeBackTheSame() {
        let entries = [SearchEntry(id: "a", text: "Alpha\u{1F}body", childCount: 2), SearchEntry(id: "", text: "", childCount: 0),
                       SearchEntry(id: "", text: "日本語", childCount: nil)]
        let page = SearchPage(entries)
        #expect(page.count == 3 && !page.isEmpty)
        #expect(page.entries == entries)
        #expect(page.childCount(at: 2) == nil && page.childCount(at: 0) == 2 && page.id(at: 0) == "a")
    }

    @Test func aTitleGivenByItsBytesReadsAUnitSeparatorAsASpace() {
        var page = SearchPage()
        Array("one\u{1F}two".utf8).withUnsafeBufferPointer { page.append(title: $0, id: "1", childCount: 4) }
        page.append(title: "three\u{1F}", id: "", childCount: nil)
        #expect(page.entries == [SearchEntry(id: "1", text: "one two", childCount: 4), SearchEntry(id: "", text: "three ", childCount: nil)])
        // The same as the text a find records of an item with that title.
        #expect(page[0].text == SearchFields.title.text(title: "one\u{1F}two", id: ""))
    }

    @Test func anEmptiedPageIsFilledAfresh() {
        var page = SearchPage([SearchEntry(id: "x", text: "old", childCount: 1)])
        page.removeAll()
        #expect(page.isEmpty && page.entries.isEmpty)
        page.append(title: "new", id: "", childCount: 0)
        #expect(page.entries == [SearchEntry(id: "", text: "new", childCount: 0)])
    }
}
