import ArborCore
import ArborSources
@testable import ArborTUI
import Testing

/// Object cells drawn the same as in the last frame are copied from it, or left in place in a frame drawn over it:
/// every frame must equal one painted whole.
@Suite("Cells copied from the last frame")
struct CellPaintMemoTests {
    /// Renders the frame as the run loop does, then again with nothing kept, and compares the two.
    func expectSameAsPaintedWhole(_ driver: ScreenDriver, after step: String) -> Int {
        let copied = driver.controller.render()
        let cells = driver.controller.screen.cellMemo.copiedCells + driver.controller.screen.cellMemo.keptCells
        driver.controller.screen.cellMemo.forget()
        driver.controller.screen.frameMemo.forget()
        let whole = driver.controller.render()
        let same = copied == whole
        #expect(same, "after \(step):\n\(copied.lines.joined(separator: "\n"))\n---\n\(whole.lines.joined(separator: "\n"))")
        return cells
    }

    @Test func everyFrameOfABrowsingSessionEqualsOnePaintedWhole() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant", width: 120, height: 40)
        var copied = expectSameAsPaintedWhole(driver, after: "start")
        let keys: [(String, [Key])] = [
            ("Down", [.down]), ("Down", [.down]), ("Right", [.right]), ("Down", [.down]), ("Enter", [.enter]), ("Up", [.up]),
            ("Left", [.left]), ("End", [.end]), ("Home", [.home]), ("PageDown", [.pageDown]),
            ("a filter", [.character("/"), .character("b"), .character("o")]), ("Backspace", [.backspace]), ("Esc", [.escape]),
            ("a find", [.character("F"), .character("p"), .character("u")]), ("Esc", [.escape]), ("help", [.character("?")]),
            ("Esc", [.escape]), ("Down", [.down]),
        ]
        for (name, sequence) in keys {
            for key in sequence { await driver.press(key) }
            copied += expectSameAsPaintedWhole(driver, after: name)
        }
        await driver.resize(width: 90, height: 30)
        copied += expectSameAsPaintedWhole(driver, after: "a resize")
        await driver.resize(width: 40, height: 20)
        copied += expectSameAsPaintedWhole(driver, after: "a resize to one column")
        await driver.press(.down)
        copied += expectSameAsPaintedWhole(driver, after: "Down in one column")
        #expect(copied > 50, "cells drawn the same are copied or kept: \(copied)")
    }

    /// Cells kept from a frame of one size are copied only where they fit the next, whatever its size.
    @Test func framesOfEverySizeInTurnEqualOnesPaintedWhole() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant", width: 120, height: 40)
        await driver.press(.down, .right)
        _ = driver.controller.render()
        let sizes = [(1, 1), (300, 100), (2, 50), (80, 1), (40, 12), (57, 3), (1, 100), (200, 5), (28, 28), (97, 31), (120, 6), (120, 7),
                     (120, 8), (121, 9), (56, 10), (56, 40), (120, 40)]
        for (width, height) in sizes + sizes.reversed() {
            await driver.resize(width: width, height: height)
            _ = expectSameAsPaintedWhole(driver, after: "a resize to \(width)x\(height)")
            await driver.press(.down)
            _ = expectSameAsPaintedWhole(driver, after: "Down at \(width)x\(height)")
        }
    }
}
