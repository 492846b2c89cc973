import ArborTUI
import Testing

@Suite("A command's output keeps its colours and nothing else that drives the terminal")
struct TerminalTextTests {
    func only(_ text: String) -> StyledLine {
        TerminalText.lines(Array(text.utf8))[0]
    }

    @Test func colourSequencesBecomeStyles() {
        let line = only("\u{1B}[1;31mbold red\u{1B}[0m \u{1B}[38;5;208morange\u{1B}[39m \u{1B}[48;2;0;0;255mblue\u{1B}[m")
        #expect(line.text == "bold red orange blue")
        let inks = line.runs.map { ANSIInk(packed: $0.style.ink) }
        #expect(inks[0].foreground == 1 && inks[0].bold)
        #expect(line.runs[1].style == .plain)
        #expect(inks[2].foreground == 208)
        #expect(inks[4].background == 21, "true colour becomes the nearest of the cube")
        #expect(only("\u{1B}[94mx").runs[0].style.ink == ANSIInk(packed: CellStyle(ink: { var ink = ANSIInk(); ink.foreground = 12; return ink }()).ink).packed)
    }

    @Test func everyOtherSequenceIsDropped() {
        let hostile = "a\u{1B}]0;pwned title\u{07}b\u{1B}]52;c;cm0gLXJmIH4=\u{1B}\\c\u{1B}[2J\u{1B}[10;10Hd\u{1B}[?1049he\u{1B}Pdcs\u{1B}\\f\u{1B}7g\u{1B}(0h"
        #expect(only(hostile).text == "abcdefgh")
        #expect(only(hostile).runs.allSatisfy { $0.style == .plain })
    }

    @Test func controlsStayForTheGridToShowInertAndTabsExpand() {
        #expect(only("x\u{07}y").text == "x\u{07}y", "BEL is drawn as ^G by the grid, not rung")
        var grid = CellGrid(width: 10, height: 1)
        grid.write(only("x\u{07}y").text, x: 0, y: 0, style: .plain)
        #expect(grid.lines[0].hasPrefix("x^Gy"))
        #expect(only("a\tb").text == "a       b")
        #expect(only("\u{1B}[31mab\tc").text == "ab      c")
        #expect(TerminalText.lines(Array("one\r\ntwo\n\nfour".utf8)).map(\.text) == ["one", "two", "", "four"])
        #expect(TerminalText.lines([0x61, 0xFF, 0x62]).map(\.text) == ["a\u{FFFD}b"])
        #expect(TerminalText.lines(Array("1\n2\n3\n".utf8), maxLines: 2).count == 2)
        #expect(TerminalText.lines(Array("cut\u{1B}[3".utf8)).map(\.text) == ["cut"], "a sequence cut by the end is dropped")
        #expect(TerminalText.lines(Array("t\u{1B}]0;never ended\nnext".utf8)).map(\.text) == ["t", "next"])
    }

    @Test func theEncoderDrawsInkAsSGR() {
        var grid = CellGrid(width: 4, height: 1)
        var ink = ANSIInk()
        ink.foreground = 2
        ink.underline = true
        grid.write("ok", x: 0, y: 0, style: CellStyle(ink: ink))
        let bytes = FrameEncoder.ansi { Theme.standard.resolve($0, colors: 256) }.encode(grid, over: nil)
        #expect(String(decoding: bytes, as: UTF8.self).contains("\u{1B}[0;4;32mok"))
    }
}
