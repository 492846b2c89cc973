import ArborCore
@testable import ArborTUI
import Foundation
import Testing

@Suite("The clipboard sequence and the cursor left on the focus")
struct ClipboardAndCursorTests {
    @Test func base64MatchesFoundationsForEveryRemainder() {
        for text in ["", "a", "ab", "abc", "abcd", "P-7 é", "\u{1B}[31mred\u{07}"] {
            let bytes = Array(text.utf8)
            #expect(ClipboardSequence.base64(bytes) == Array(Data(bytes).base64EncodedString().utf8), "\(text)")
        }
    }

    @Test func theDataTravelsEncodedAndTmuxGetsItWrappedToo() {
        let plain = ClipboardSequence.osc52(Array("\u{1B}]0;x\u{07}".utf8), insideTmux: false)
        #expect(plain == Array("\u{1B}]52;c;G10wO3gH\u{07}".utf8))
        #expect(plain.filter { $0 == 0x1B || $0 == 0x07 }.count == 2, "the data's own ESC and BEL are inside the base64")
        let tmux = ClipboardSequence.osc52(Array("x".utf8), insideTmux: true)
        #expect(tmux == Array("\u{1B}]52;c;eA==\u{07}\u{1B}Ptmux;\u{1B}\u{1B}]52;c;eA==\u{07}\u{1B}\\".utf8))
    }

    @Test func theCopiedNoteStaysUntilTheNextKeyOnly() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant", width: 100, height: 20)
        await driver.press(.character("y"))
        #expect(driver.lines.last?.contains("copied id “P1000”") == true, "\(driver.lines.last ?? "")")
        #expect(driver.takeClipboard() == Array("P1000".utf8))
        await driver.press(.down)
        #expect(driver.lines.last?.contains("copied") == false, "the next key clears it: \(driver.lines.last ?? "")")
    }

    @Test func theCursorIsMovedAfterTheFrameWhenItMovesOrCellsChange() {
        let encoder = FrameEncoder.ansi { _ in RoleLook() }
        var first = CellGrid(width: 10, height: 3)
        first.write("one", x: 1, y: 0, limit: 5, style: CellStyle(.title))
        first.cursor = GridPoint(row: 0, column: 1)
        #expect(encoder.encode(first, over: nil).suffix(6) == Array("\u{1B}[1;2H".utf8))
        #expect(encoder.encode(first, over: first).isEmpty, "nothing changed: nothing sent")
        var moved = first
        moved.cursor = GridPoint(row: 2, column: 4)
        #expect(encoder.encode(moved, over: first) == Array("\u{1B}[3;5H".utf8))
    }

    @Test func theFocusedTitleHoldsTheCursorInColumnsOutlineAndPrompt() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant", width: 120, height: 30)
        var grid = driver.controller.render()
        var row = driver.lines.firstIndex { $0.contains("Hamburg Plant") }!
        #expect(grid.cursor == GridPoint(row: row, column: driver.lines[row].distance(of: "Hamburg Plant")))
        await driver.press(.character("o"))
        grid = driver.controller.render()
        row = driver.lines.firstIndex { $0.contains("Hamburg Plant") }!
        #expect(grid.cursor == GridPoint(row: row, column: driver.lines[row].distance(of: "Hamburg Plant")))
        await driver.press(.character("/"), .character("a"))
        grid = driver.controller.render()
        #expect(grid.cursor?.row == driver.lines.count - 1, "typing: the cursor at the prompt's caret")
    }
}

@Suite("--height: rows or a percentage of the terminal")
struct InlineHeightTests {
    @Test func rowsAndPercentagesWithinTheTerminal() {
        #expect(InlineHeight("10")?.rows(of: 40) == 10 && InlineHeight("10")?.rows(of: 6) == 6)
        #expect(InlineHeight("40%")?.rows(of: 20) == 8 && InlineHeight("1%")?.rows(of: 20) == 3)
        for bad in ["2", "0", "x", "101%", "%", "-5", ""] { #expect(InlineHeight(bad) == nil, "\(bad)") }
    }
}
