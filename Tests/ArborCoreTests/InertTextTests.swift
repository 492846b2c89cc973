@testable import ArborCore
import Testing

@Suite("Text from the data made inert for a terminal")
struct InertTextTests {
    @Test func controlsBecomeVisibleMarksAndLineEndsStay() {
        #expect(InertText.visible("\u{1B}") == "^[")
        #expect(InertText.visible("\n") == "↵", "a line break in a value reads as one (first-hour: not ^J)")
        #expect(InertText.visible("\r\n") == "↵")
        #expect(InertText.visible("\t") == "^I")
        #expect(InertText.visible("\u{7F}") == "^?")
        #expect(InertText.visible("\u{85}") == "\u{FFFD}")
        #expect(InertText.visible("\u{202E}") == "\u{FFFD}")
        #expect(InertText.visible("a") == nil)
        #expect(InertText.escaped("a\u{1B}[2Jb\nc\u{07}") == "a^[[2Jb\nc^G")
    }
}
