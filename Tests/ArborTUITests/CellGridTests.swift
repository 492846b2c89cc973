import ArborCore
import ArborTUI
import Testing

@Suite("Cell grid and display width")
struct CellGridTests {
    @Test func widthsFollowTheTerminal() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("日本") == 4)
        #expect(DisplayWidth.of("한국") == 4)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("🌳") == 2)
        #expect(DisplayWidth.of("❤\u{FE0F}") == 2)
        #expect(DisplayWidth.of("ü") == 1)
        #expect(DisplayWidth.of("\u{200B}") == 0)
    }

    @Test func longTextIsCutWithAnEllipsis() {
        var grid = CellGrid(width: 10, height: 1)
        let used = grid.write("Hamburg Plant", x: 0, y: 0, style: .plain)
        #expect(used == 10)
        #expect(grid.lines == ["Hamburg P…"])
        var exact = CellGrid(width: 7, height: 1)
        exact.write("Hamburg", x: 0, y: 0, style: .plain)
        #expect(exact.lines == ["Hamburg"])
    }

    /// A text of megabytes is cut as a short one is: only the bytes up to its room and one past it are looked at,
    /// whatever comes later (a control character, a mark, a wide character).
    @Test(arguments: ["\u{1}", "\u{301}", "日本", "\n"])
    func aTextOfMegabytesIsCutAsAShortOne(tail: String) {
        var long = CellGrid(width: 10, height: 1)
        long.write(String(repeating: "a", count: 4_000_000) + tail, x: 0, y: 0, style: .plain)
        #expect(long.lines == ["aaaaaaaaa…"])
        // A mark right after the last cell drawn, or the byte after it, goes with the text as the full path reads it.
        var marked = CellGrid(width: 10, height: 1)
        marked.write("abcdefghij\u{301}xyz", x: 0, y: 0, style: .plain)
        var later = CellGrid(width: 10, height: 1)
        later.write("abcdefghijk\u{301}", x: 0, y: 0, style: .plain)
        #expect(marked.lines == ["abcdefghi…"] && later.lines == ["abcdefghi…"])
        // A mark on the last cell's character is looked at: the text fits.
        var fitting = CellGrid(width: 10, height: 1)
        #expect(fitting.write("abcdefghij\u{301}", x: 0, y: 0, style: .plain) == 10)
        #expect(fitting.lines == ["abcdefghij\u{301}"])
    }

    @Test func wideCharactersTakeTwoCellsAndAreNeverSplit() {
        var grid = CellGrid(width: 6, height: 2)
        grid.write("日本語", x: 0, y: 0, style: .plain)
        #expect(grid.lines[0] == "日本語")
        #expect(grid[1, 0].width == 0)
        grid.write("日本語x", x: 0, y: 1, limit: 6, style: .plain)
        #expect(grid.lines[1] == "日本… ")
        var odd = CellGrid(width: 5, height: 1)
        odd.write("ab日本", x: 0, y: 0, style: .plain)
        #expect(odd.lines == ["ab日…"])
    }

    @Test func runsOfTextAndFillsKeepTheirPlaceAtTheGridsEdgesAndCutWideCharacters() {
        var grid = CellGrid(width: 8, height: 3)
        grid.write("abcdef", x: -2, y: 0, style: .plain)
        #expect(grid.lines[0] == "cdef    ", "the cells left of the grid are not drawn")
        grid.write("日本語日本", x: 0, y: 1, style: .plain)
        grid.write("xy", x: 1, y: 1, style: .plain)
        grid.fill("-", x: 5, y: 1, count: 10, style: .plain)
        #expect(grid.lines[1] == " xy  ---", "each wide character cut by a run keeps no half")
        grid.fill(" ", x: -3, y: 2, count: 5, style: .plain)
        grid.write("1234567890", x: 3, y: 2, style: .plain)
        #expect(grid.lines[2] == "   1234…")
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var grid = CellGrid(width: 4, height: 1)
        grid.write("日本", x: 0, y: 0, style: .plain)
        grid.write("x", x: 1, y: 0, style: .plain)
        #expect(grid.lines == [" x本"])
    }

    @Test func combiningMarksJoinTheirBase() {
        var grid = CellGrid(width: 4, height: 1)
        grid.write("e\u{301}a", x: 0, y: 0, style: .plain)
        #expect(grid[0, 0].text == "e\u{301}")
        #expect(grid.lines == ["e\u{301}a  "])
    }

    @Test func controlCharactersAreDrawnInert() {
        var grid = CellGrid(width: 20, height: 1)
        grid.write("a\u{1B}]52;c;x\u{07}b\u{202E}c\u{9B}", x: 0, y: 0, style: .plain)
        #expect(grid.lines == ["a^[]52;c;x^Gb\u{FFFD}c\u{FFFD}    "])
        #expect(!grid.cells.contains { $0.text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } })
        #expect(grid[1, 0].text == "^" && grid[1, 0].width == 1, "caret notation takes a cell a character, as a terminal draws it")
        #expect(grid[2, 0].text == "[" && grid[2, 0].width == 1)
    }

    @Test func bytesThatWereNotUTF8AreDrawnAsReplacementMarks() {
        var grid = CellGrid(width: 8, height: 1)
        grid.write(LosslessText.decode([0x63, 0x61, 0x66, 0xE9]), x: 0, y: 0, style: .plain)
        #expect(grid.lines == ["caf\u{FFFD}    "])
    }

    @Test(arguments: [
        ("Привет мир", 8, "Привет …"), ("│├─ ⠋ x", 5, "│├─ …"), ("日本語の本", 7, "日本語…"), ("Straße·café", 6, "Straß…"),
        ("Ωmega ← 한국어", 14, "Ωmega ← 한국어"), ("ＡＢＣ", 5, "ＡＢ…"),
    ])
    func lettersOfCommonScriptsAreCutLikeAnyText(text: String, width: Int, line: String) {
        var grid = CellGrid(width: width, height: 1)
        grid.write(text, x: 0, y: 0, style: .plain)
        #expect(grid.lines == [line])
        #expect(CellGrid.drawnWidth(of: text) == DisplayWidth.of(text))
    }

    @Test func aMarkOrSelectorAfterACommonLetterStillJoinsIt() {
        var grid = CellGrid(width: 8, height: 1)
        grid.write("Приве\u{301}т", x: 0, y: 0, style: .plain)
        #expect(grid[4, 0].text == "е\u{301}")
        #expect(grid.lines == ["Приве\u{301}т  "])
        #expect(CellGrid.drawnWidth(of: "▶\u{FE0F}") == 2, "an emoji presentation selector makes the triangle wide")
        var emoji = CellGrid(width: 4, height: 1)
        emoji.write("▶\u{FE0F}x", x: 0, y: 0, style: .plain)
        #expect(emoji[0, 0].width == 2 && emoji[0, 0].text == "▶\u{FE0F}")
    }

    @Test func writesOutsideTheGridAreIgnored() {
        var grid = CellGrid(width: 3, height: 1)
        #expect(grid.write("abc", x: 5, y: 0, style: .plain) == 0)
        #expect(grid.write("abc", x: 0, y: 3, style: .plain) == 0)
        grid.fill("-", x: -2, y: 0, count: 10, style: .plain)
        #expect(grid.lines == ["---"])
        #expect(CellGrid(width: -1, height: -1).cells.isEmpty)
    }
}
