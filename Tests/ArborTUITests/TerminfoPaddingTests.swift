import ArborTUI
import Testing

@Suite("Terminfo strings without their padding")
struct TerminfoPaddingTests {
    @Test(arguments: [
        ("\u{1B}[%i%p1%d;%p2%dH$<5>", "\u{1B}[%i%p1%d;%p2%dH"),
        ("\u{1B}[m\u{0F}$<2>", "\u{1B}[m\u{0F}"),
        ("$<100/>\u{1B}[H$<2.5*>\u{1B}[J", "\u{1B}[H\u{1B}[J"),
        ("\u{1B}[?1049h", "\u{1B}[?1049h"),
        ("$<", "$<"),
        ("$<>x", "$<>x"),
        ("$<5x>", "$<5x>"),
        ("a$<5", "a$<5"),
        ("$$<5>", "$"),
    ])
    func paddingIsRemovedAndEverythingElseKept(entry: String, sent: String) {
        #expect(Terminfo.withoutPadding(entry) == sent)
    }
}
