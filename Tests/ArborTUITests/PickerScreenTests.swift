import ArborCore
import ArborSources
import ArborTUI
import Testing

@Suite("Picker screens and keys")
struct PickerScreenTests {
    func picker(_ mode: SelectionMode, width: Int = 80, height: Int = 24) async throws -> ScreenDriver {
        var driver = await ScreenDriver(try plantSample(), name: "plant-maintenance.json", width: 1, height: 1)
        driver.controller = BrowserController(
            screen: BrowserScreen(sourceName: "plant-maintenance.json", keyMap: .picker), selectionMode: mode)
        await driver.settle(driver.controller.start(width: width, height: height))
        return driver
    }

    @Test func cellsShowSelectStateSymbolsAndTheFooterCountsMarks() async throws {
        var driver = try await picker(.multiple)
        await driver.press(.character(" "), .down, .tab, .right)
        await driver.press(.tab)
        Snapshot.expect(driver.controller.render(), matches: "picker-80x24")
        let text = driver.lines.joined(separator: "\n")
        #expect(text.contains("● Hamburg Plant"))
        #expect(text.contains("○ Munich Plant"))
        #expect(text.contains("3 marked"))
        #expect(driver.lines[0].contains("pick many"))
        #expect(driver.lines[0].contains("Enter accepts 3 marked · → opens"), "while marks exist Enter accepts them: said")
    }

    @Test func enterAcceptsMarksOrALeafAndExpandsParents() async throws {
        var driver = try await picker(.single)
        if driver.controller.update(.key(.enter)).exit != nil { Issue.record("Enter on a parent must expand") }
        #expect(driver.controller.accepted == nil)
        var leaf = try await picker(.single)
        await leaf.press(.enter, .enter, .enter)
        #expect(leaf.controller.update(.key(.enter)).exit == 0)
        #expect(leaf.controller.accepted == ["EQ-819701-1"])
        var marked = try await picker(.multiple)
        await marked.press(.character(" "), .down, .character(" "))
        #expect(marked.controller.update(.key(.enter)).exit == 0)
        #expect(marked.controller.accepted == ["P1000", "P2000"])
    }

    @Test func quitCancelsThePickerButEndsTheBrowser() async throws {
        var pickerDriver = try await picker(.single)
        #expect(pickerDriver.controller.update(.key(.character("q"))).exit == 130)
        #expect(pickerDriver.controller.update(.key(.escape)).exit == 130)
        var browser = await ScreenDriver(try plantSample(), name: "p", width: 80, height: 24)
        #expect(browser.controller.update(.key(.character("q"))).exit == 0)
        #expect(browser.controller.update(.key(.control("c"))).exit == 130)
        await browser.press(.character(" "))
        #expect(browser.controller.state.selection.count == 0)
    }

    @Test func revealFocusesTheSelectedItem() async throws {
        var driver = await ScreenDriver(try plantSample(), name: "p", width: 1, height: 1)
        await driver.settle(driver.controller.start(width: 120, height: 40, reveal: ["plants", "P2000", "FL-2000-B200"]))
        #expect(driver.controller.state.navigation.focusedLevel == 2)
        #expect(driver.lines.joined().contains("3/3 · Plants › Berlin Plant › Boiler House B-200"))
    }
}
