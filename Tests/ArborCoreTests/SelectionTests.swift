import ArborCore
import Testing

@Suite("Marks of the picker")
struct SelectionTests {
    func picker(_ mode: SelectionMode, source: MutableSource = MutableSource(root: "plants", plantOutline)) async -> Driver {
        var driver = Driver(source)
        driver.state = BrowserState(selectionMode: mode)
        driver.send(.setViewport(columns: 3, itemsPerPage: 5))
        driver.send(.start)
        await driver.settle()
        return driver
    }

    @Test func markingTogglesAndKeepsTheOrder() async {
        var driver = await picker(.multiple)
        driver.send(.moveFocus(by: 1))
        driver.send(.selection(.toggleFocused))
        driver.send(.first)
        driver.send(.selection(.toggleFocused))
        #expect(driver.state.selection.ids == ["berlin", "hamburg"])
        driver.send(.selection(.toggleFocused))
        #expect(driver.state.selection.ids == ["berlin"])
        #expect(!driver.state.selection.contains("hamburg"))
        driver.send(.selection(.clear))
        #expect(driver.state.selection.count == 0)
    }

    @Test func singleModeKeepsOneMark() async {
        var driver = await picker(.single)
        driver.send(.selection(.toggleFocused))
        driver.send(.moveFocus(by: 1))
        driver.send(.selection(.toggleFocused))
        #expect(driver.state.selection.ids == ["berlin"])
        driver.send(.selection(.toggleFocused))
        #expect(driver.state.selection.ids.isEmpty)
    }

    /// A program sets the marks: exactly these, in their order, each once; the last alone for a single pick;
    /// none when nothing is picked.
    @Test func marksSetByTheProgramReplaceTheMarks() async {
        var driver = await picker(.multiple)
        driver.send(.selection(.toggleFocused))
        driver.send(.selection(.set(["munich", "berlin", "munich"])))
        #expect(driver.state.selection.ids == ["munich", "berlin"])
        #expect(!driver.state.selection.contains("hamburg"))
        var single = await picker(.single)
        single.send(.selection(.set(["munich", "berlin"])))
        #expect(single.state.selection.ids == ["berlin"])
        var browsing = await picker(.none)
        browsing.send(.selection(.set(["munich"])))
        #expect(browsing.state.selection.ids.isEmpty)
    }

    /// The mode changes while the browser runs: a single pick keeps the last mark, browsing keeps none, and
    /// marking works again once picking is back.
    @Test func theModeChangesWhileItRunsKeepingWhatItAllows() async {
        var driver = await picker(.multiple)
        driver.send(.selection(.set(["hamburg", "berlin"])))
        driver.send(.selection(.setMode(.single)))
        #expect(driver.state.selection.mode == .single && driver.state.selection.ids == ["berlin"])
        driver.send(.selection(.setMode(.none)))
        #expect(driver.state.selection.ids.isEmpty)
        driver.send(.selection(.toggleFocused))
        #expect(driver.state.selection.ids.isEmpty, "browsing marks nothing")
        driver.send(.selection(.setMode(.multiple)))
        driver.send(.selection(.toggleFocused))
        #expect(driver.state.selection.ids == ["hamburg"])
        driver.send(.selection(.setMode(.multiple)))
        #expect(driver.state.selection.ids == ["hamburg"], "the same mode keeps every mark")
    }

    @Test func browsingMarksNothing() async {
        var driver = await picker(.none)
        driver.send(.selection(.toggleFocused))
        #expect(driver.state.selection.count == 0)
    }

    @Test func marksSurviveNavigationAcrossLevelsAndReloads() async {
        let source = MutableSource(root: "plants", plantOutline)
        var driver = await picker(.multiple, source: source)
        driver.send(.selection(.toggleFocused))
        driver.send(.expand)
        await driver.settle()
        driver.send(.expand)
        await driver.settle()
        driver.send(.last)
        driver.send(.selection(.toggleFocused))
        driver.send(.previousLevel)
        driver.send(.previousLevel)
        driver.send(.moveFocus(by: 2))
        #expect(driver.state.navigation.levels.count == 2)
        #expect(driver.state.selection.ids == ["hamburg", "p3"])
        source.setChildren(of: "plants", ["munich", "hamburg"])
        driver.send(.reloadAll)
        await driver.settle()
        #expect(driver.state.selection.ids == ["hamburg", "p3"])
        #expect(driver.focusedID(1) == "munich")
    }
}
