import ArborCore
import ArborSources
import ArborTUI
import Testing

@Suite("The prompt edits like readline")
struct PromptEditingTests {
    func type(_ text: String) -> [Key] { text.map { Key.character($0) } }

    @Test func ctrlUClearsTheQueryAndTheColumnComesBack() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant", width: 120, height: 40, cellMode: .full)
        await driver.press(.enter)
        for key in [Key.character("/")] + type("boil") { await driver.press(key) }
        #expect(driver.lines.filter { $0.contains("Functional location") }.count == 1)
        await driver.press(.control("u"))
        #expect(driver.lines.last?.hasPrefix(" /█") == true, "\(driver.lines.last ?? "")")
        #expect(driver.lines.filter { $0.contains("Functional location") }.count == 4, "the whole column again")
    }

    @Test func theCursorMovesAndTextGoesInWhereItIs() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant", width: 120, height: 40)
        for key in [Key.character("/")] + type("plnt") + [.left, .left, .character("a")] { await driver.press(key) }
        #expect(driver.controller.chrome.prompt?.text == "plant")
        #expect(driver.lines.last?.hasPrefix(" /plant ") == true, "no block at the end while the cursor is inside")
        let grid = driver.controller.render()
        #expect(grid[5, driver.lines.count - 1].style.highlighted, "the character under the cursor is marked")
        #expect(driver.lines.contains { $0.contains("Hamburg Plant") })
        for key in [Key.home, .character("x"), .end, .character("y")] { await driver.press(key) }
        #expect(driver.controller.chrome.prompt?.text == "xplanty")
        for key in [Key.control("a"), .control("d"), .control("e"), .backspace] { await driver.press(key) }
        #expect(driver.controller.chrome.prompt?.text == "plant")
        for key in [Key.home, .delete, .end, .delete] { await driver.press(key) }
        #expect(driver.controller.chrome.prompt?.text == "lant", "Delete removes the character at the cursor, none at the end")
    }

    @Test func ctrlWDeletesAWordAndCtrlKTheRest() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "plant", width: 120, height: 40)
        for key in [Key.character("/")] + type("ham plant  ") + [.control("w")] { await driver.press(key) }
        #expect(driver.controller.chrome.prompt?.text == "ham ")
        for key in [Key.left, .left, .control("k")] { await driver.press(key) }
        #expect(driver.controller.chrome.prompt?.text == "ha")
        for key in [Key.control("a"), .control("w"), .control("u"), .backspace] { await driver.press(key) }
        #expect(driver.controller.chrome.prompt?.text == "ha", "nothing before the cursor to delete")
        for key in [Key.control("e"), .backspace, .backspace, .backspace] { await driver.press(key) }
        #expect(driver.controller.chrome.prompt == nil, "Backspace on an empty query closes the prompt")
    }
}
