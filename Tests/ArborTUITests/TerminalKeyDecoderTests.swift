import ArborTUI
import Testing

@Suite("Keys decoded from the bytes a terminal sends")
struct TerminalKeyDecoderTests {
    func keys(_ text: String, extra: [KeySequence] = []) -> [Key] {
        var decoder = TerminalKeyDecoder(extra: extra)
        return decoder.decode(Array(text.utf8)) + decoder.flush()
    }

    @Test func cursorKeysInEitherCursorMode() {
        #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
        #expect(keys("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD") == [.up, .down, .right, .left])
        #expect(keys("\u{1B}[H\u{1B}OH\u{1B}[1~\u{1B}[7~") == [.home, .home, .home, .home])
        #expect(keys("\u{1B}[F\u{1B}OF\u{1B}[4~\u{1B}[8~") == [.end, .end, .end, .end])
        #expect(keys("\u{1B}[5~\u{1B}[6~\u{1B}[3~\u{1B}[Z\u{1B}OM") == [.pageUp, .pageDown, .delete, .backTab, .enter])
        #expect(keys("\u{1B}[1;2A\u{1B}[1;2B\u{1B}[5;2~\u{1B}[6;2~") == [.shiftUp, .shiftDown, .shiftPageUp, .shiftPageDown])
    }

    @Test func controlKeysAndCharacters() {
        #expect(keys("\r\n\t\u{7F}\u{08}\u{03}q") == [.enter, .enter, .tab, .backspace, .backspace, .control("c"), .character("q")])
        #expect(keys("é→日🌳") == [.character("é"), .character("→"), .character("日"), .character("🌳")])
    }

    @Test func anEscapeAloneOrBeforeAKeyIsTheEscapeKey() {
        #expect(keys("\u{1B}") == [.escape])
        #expect(keys("\u{1B}x") == [.escape, .character("x")])
        #expect(keys("\u{1B}\u{1B}[B") == [.escape, .down])
    }

    @Test func aSequenceCutBetweenReadsWaitsForItsRest() {
        var decoder = TerminalKeyDecoder()
        #expect(decoder.decode(Array("j\u{1B}[".utf8)) == [.character("j")])
        #expect(decoder.isWaiting)
        #expect(decoder.decode(Array("Bk".utf8)) == [.down, .character("k")])
        #expect(!decoder.isWaiting)
        #expect(decoder.decode([0xC3]) == [])
        #expect(decoder.decode([0xA9]) == [.character("é")])
        #expect(decoder.decode(Array("\u{1B}O".utf8)) == [])
        #expect(decoder.flush() == [.escape, .character("O")])
        #expect(decoder.decode([0xE6, 0x97]) == [])
        #expect(decoder.flush() == [.character("\u{FFFD}")])
    }

    @Test func bytesThatAreNotUTF8AreReplaced() {
        #expect(keys("a\u{FFFD}") == [.character("a"), .character("\u{FFFD}")])
        var decoder = TerminalKeyDecoder()
        #expect(decoder.decode([0xFF, 0x61, 0xC0, 0x80, 0xED, 0xA0, 0x80, 0xE6, 0x61]) == [
            .character("\u{FFFD}"), .character("a"), .character("\u{FFFD}"), .character("\u{FFFD}"), .character("\u{FFFD}"),
            .character("a"),
        ])
    }

    @Test func sequencesOfKeysNotAnsweredAreDroppedWhole() {
        // F5, Ctrl-Up, Insert, a focus report: none is read as typing.
        #expect(keys("\u{1B}[15~j\u{1B}[1;5Ak\u{1B}[2~\u{1B}[I\u{1B}OPl") == [.character("j"), .character("k"), .character("l")])
    }

    @Test func anUnendedSequenceIsGivenUpOnAsTyping() {
        let long = "\u{1B}[" + String(repeating: "1", count: 40)
        #expect(keys(long).first == .escape)
        #expect(keys(long + "A").first == .escape, "too long to be a key's, ended or not")
        var decoder = TerminalKeyDecoder()
        #expect(decoder.decode(Array(long.utf8)).first == .escape, "given up on without waiting for its end")
        #expect(keys("\u{1B}[1\u{7}x") == [.escape, .character("["), .character("1"), .control("g"), .character("x")])
    }

    @Test func sgrMouseReports() {
        #expect(keys("\u{1B}[<0;10;5M") == [.mouse(MouseEvent(.press, x: 9, y: 4))])
        #expect(keys("\u{1B}[<0;10;5m") == [])
        #expect(keys("\u{1B}[<64;1;1M\u{1B}[<65;120;40M") == [.mouse(MouseEvent(.wheelUp, x: 0, y: 0)),
                                                             .mouse(MouseEvent(.wheelDown, x: 119, y: 39))])
        #expect(keys("\u{1B}[<4;3;3M") == [.mouse(MouseEvent(.press, x: 2, y: 2))])
        #expect(keys("\u{1B}[<32;3;3M\u{1B}[<2;3;3M") == [])
    }

    @Test func x10MouseReports() {
        let press = String(decoding: [0x1B, 0x5B, 0x4D, 32, 33 + 9, 33 + 4], as: UTF8.self)
        let release = String(decoding: [0x1B, 0x5B, 0x4D, 32 + 3, 33 + 9, 33 + 4], as: UTF8.self)
        #expect(keys(press + release + "q") == [.mouse(MouseEvent(.press, x: 9, y: 4)), .character("q")])
        var decoder = TerminalKeyDecoder()
        #expect(decoder.decode([0x1B, 0x5B, 0x4D, 32 + 65]) == [])
        #expect(decoder.decode([34, 35]) == [.mouse(MouseEvent(.wheelDown, x: 1, y: 2))])
    }

    @Test func theTerminalsOwnKeyStringsAreKnown() {
        let extra = [KeySequence(Array("\u{1B}[Q".utf8), .delete), KeySequence(Array("\u{1B}[A".utf8), .pageUp), KeySequence([0x7F], .up)]
        #expect(keys("\u{1B}[Q\u{1B}[A\u{7F}", extra: extra) == [.delete, .pageUp, .backspace])
    }

    /// Sequences are looked up packed into a number up to seven bytes; longer ones, and ones that differ only in
    /// length, are told apart.
    @Test func sequencesOfEveryLengthAreToldApart() {
        let extra = [KeySequence(Array("\u{1B}[123;45~".utf8), .end), KeySequence(Array("\u{1B}[1;5~".utf8), .home),
                     KeySequence(Array("\u{1B}[1;5".utf8) + [0x7E, 0x7E], .pageDown)]
        #expect(keys("\u{1B}[123;45~\u{1B}[1;5~\u{1B}[B", extra: extra) == [.end, .home, .down])
        #expect(keys("\u{1B}[123;46~q", extra: extra) == [.character("q")])
    }
}
