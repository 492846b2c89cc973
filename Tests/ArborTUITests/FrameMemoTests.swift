import ArborCore
import ArborSources
@testable import ArborTUI
import Testing

/// A frame of the same shape as the last is drawn over it: only what changed is written, and it must show the same
/// as a frame drawn whole.
@Suite("Frames drawn over the last one")
struct FrameMemoTests {
    /// Renders the frame as the run loop does, and again with nothing kept; returns the first.
    func expectSameAsDrawnWhole(_ driver: ScreenDriver, after step: String) -> CellGrid {
        let over = driver.controller.render()
        driver.controller.screen.frameMemo.forget()
        driver.controller.screen.cellMemo.forget()
        let whole = driver.controller.render()
        #expect(over == whole, "after \(step):\n\(over.lines.joined(separator: "\n"))\n---\n\(whole.lines.joined(separator: "\n"))")
        // The frame drawn whole is the one the next is drawn over, as on screen.
        _ = driver.controller.render()
        return over
    }

    /// Full cells: two cells of three lines, the top line and the footer. The focused cell alone in full: the
    /// rows from the one left to the one focused, the top line and the footer.
    @Test(arguments: [(CellMode.full, 8), (.auto, 6)])
    func aMoveKeyWritesOnlyTheRowsOfTheCellsItChangesTheTopLineAndTheFooter(cells: CellMode, rows: Int) async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant", width: 120, height: 40, cellMode: cells)
        await driver.press(.right)
        _ = driver.controller.render()
        await driver.press(.down)
        let grid = driver.controller.render()
        #expect(grid.rowsWritten == rows)
        #expect(driver.controller.screen.cellMemo.keptCells > 0)
        _ = expectSameAsDrawnWhole(driver, after: "Down")
        let again = driver.controller.render()
        // Nothing changed: the focused cell, which places the cursor, the top line and the footer.
        #expect(again.rowsWritten == 5)
    }

    /// A cell left in place is known by its content's stamp: a title changed while the column's items stay is drawn.
    @Test func aTitleChangedInPlaceIsDrawnOverTheLastFrame() async throws {
        let list = RenamingList(["alpha", "beta", "gamma"])
        var driver = await ScreenDriver(list, name: "renaming", width: 120, height: 20)
        _ = driver.controller.render()
        _ = driver.controller.render()
        list.rename("gamma", to: "gamma renamed")
        await driver.send(.sourceChange(.itemsChanged(["gamma"])))
        let over = expectSameAsDrawnWhole(driver, after: "the rename")
        #expect(over.isDrawnOver)
        #expect(over.lines.contains { $0.contains("gamma renamed") })
    }

    @Test func everyFrameOfABrowsingSessionEqualsOneDrawnWhole() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant", width: 120, height: 40)
        var drawnOver = 0
        let keys: [(String, [Key])] = [
            ("Down", [.down]), ("Down", [.down]), ("Right", [.right]), ("Down", [.down]), ("Enter", [.enter]), ("Up", [.up]),
            ("Left", [.left]), ("End", [.end]), ("Home", [.home]), ("PageDown", [.pageDown]), ("Up", [.up]), ("Space", [.character(" ")]),
            ("a filter", [.character("/"), .character("b"), .character("o")]), ("Backspace", [.backspace]), ("Esc", [.escape]),
            ("a find", [.character("F"), .character("p"), .character("u")]), ("Esc", [.escape]), ("help", [.character("?")]),
            ("Esc", [.escape]), ("Down", [.down]), ("the header", [.character("i")]), ("Down", [.down]), ("Right", [.right]),
            ("Down", [.down]),
        ]
        for (name, sequence) in keys {
            for key in sequence { await driver.press(key) }
            if expectSameAsDrawnWhole(driver, after: name).isDrawnOver { drawnOver += 1 }
        }
        for (width, height) in [(90, 30), (40, 20), (40, 20), (120, 6)] {
            await driver.resize(width: width, height: height)
            _ = expectSameAsDrawnWhole(driver, after: "a resize to \(width)x\(height)")
            await driver.press(.down)
            if expectSameAsDrawnWhole(driver, after: "Down at \(width)x\(height)").isDrawnOver { drawnOver += 1 }
        }
        #expect(drawnOver > 10, "frames of the same shape are drawn over the last: \(drawnOver)")
    }
}

/// The encoder and the terminal's copy of the screen take only the rows written to a frame drawn over the last.
@Suite("Rows written to a frame drawn over the last")
struct DrawnOverFrameTests {
    let encoder = FrameEncoder.ansi { _ in RoleLook() }

    /// A frame of text on every row, numbered as the screen numbers its frames.
    func shown(_ text: String, number: UInt64 = 41) -> CellGrid {
        var grid = CellGrid.numbered(width: 20, height: 6, number: number)
        for row in 0..<6 { grid.write("\(text) \(row)", x: 0, y: row, style: .plain) }
        return grid
    }

    @Test func aFrameDrawnOverTheOneShownIsEncodedAsOneComparedWhole() {
        let before = shown("alpha")
        var next = CellGrid.drawn(over: before, number: 42)
        next.write("beta", x: 2, y: 3, style: CellStyle(.title))
        #expect(next.rowsWritten == 1)
        var whole = CellGrid(width: 20, height: 6)
        whole.paste(next, rows: 6)
        #expect(whole == next)
        #expect(encoder.encode(next, over: before) == encoder.encode(whole, over: before))
        #expect(!encoder.encode(next, over: before).isEmpty)
    }

    @Test func aFrameDrawnOverAnotherThanTheOneShownIsComparedWhole() {
        let before = shown("alpha")
        let onScreen = shown("gamma", number: 40)
        let next = CellGrid.drawn(over: before, number: 43)
        // Nothing was written to it, but the screen shows other rows: every one is sent.
        let bytes = String(decoding: encoder.encode(next, over: onScreen), as: UTF8.self)
        #expect(bytes.components(separatedBy: "alph").count - 1 == 6, "\(bytes)")
        #expect(encoder.encode(next, over: before).isEmpty)
    }

    @Test func theCopyOfTheScreenCatchesUpWithTheRowsWrittenOnly() {
        let before = shown("alpha")
        var copy = before
        var next = CellGrid.drawn(over: before, number: 44)
        next.write("beta", x: 2, y: 3, style: CellStyle(.title))
        next.cursor = GridPoint(row: 3, column: 2)
        let caughtUp = copy.catchUp(with: next)
        #expect(caughtUp)
        #expect(copy == next)
        // The next frame is drawn over the one just caught up with, not over the one before.
        var after = CellGrid.drawn(over: next, number: 45)
        after.write("delta", x: 0, y: 5, style: .plain)
        let caughtUpAgain = copy.catchUp(with: after)
        #expect(caughtUpAgain)
        #expect(copy == after)
        var stale = before
        let staleCaughtUp = stale.catchUp(with: after)
        #expect(!staleCaughtUp)
        #expect(stale == before)
    }
}
