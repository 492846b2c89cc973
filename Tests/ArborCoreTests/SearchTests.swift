import ArborCore
import Testing

@Suite("Filter, search and find")
struct SearchTests {
    let outline: [(String, [String])] = [
        ("top", ["alpha", "Beta", "gamma", "alphabet", "delta"]),
        ("alpha", ["a1", "a2"]),
        ("gamma", ["g1", "g2"]),
        ("g1", ["deep"]),
    ]

    func started() async -> Driver {
        var driver = Driver(MutableSource(root: "top", virtual: true, outline))
        driver.send(.start)
        await driver.settle()
        return driver
    }

    @Test func filteringNarrowsTheColumnAndEscapeRestoresItWithTheFocusKept() async {
        var driver = await started()
        driver.send(.moveFocus(by: 3))
        #expect(driver.focusedID(0) == "alphabet")
        driver.send(.filter("a"))
        #expect(driver.titles(0) == ["Alpha", "Beta", "Gamma", "Alphabet", "Delta"])
        driver.send(.filter("al"))
        #expect(driver.titles(0) == ["Alpha", "Alphabet"])
        #expect(driver.focusedID(0) == "alphabet", "the focused item still matches, so it keeps the focus")
        #expect(driver.state.navigation.levels[0].focus == 1)
        driver.send(.filter("alp"))
        driver.send(.filter("Alp"))
        #expect(driver.titles(0) == ["Alpha", "Alphabet"], "a capital makes the match case-sensitive")
        driver.send(.filter("ALP"))
        #expect(driver.titles(0).isEmpty)
        #expect(driver.state.message == "no match")
        driver.send(.filter("alpha"))
        driver.send(.moveFocus(by: -1))
        #expect(driver.focusedID(0) == "alpha")
        driver.send(.clearFilter)
        #expect(driver.titles(0).count == 5)
        #expect(driver.focusedID(0) == "alpha")
        #expect(driver.state.navigation.levels[0].focus == 0)
        driver.send(.clearFilter)
        #expect(driver.titles(0).count == 5)
    }

    /// Typing a filter that first matches other items and then nothing, then Esc: the focus is back on the item
    /// it was on before the filter, not on what the first letters matched.
    @Test func escapeAfterAFilterMatchingNothingGoesBackWhereItBegan() async {
        var driver = await started()
        driver.send(.moveFocus(by: 1))
        #expect(driver.focusedID(0) == "Beta")
        driver.send(.filter("g"))
        #expect(driver.focusedID(0) == "gamma", "the first letter matched another item, which took the focus")
        driver.send(.filter("gzz"))
        #expect(driver.titles(0).isEmpty)
        driver.send(.clearFilter)
        await driver.settle()
        #expect(driver.titles(0).count == 5)
        #expect(driver.focusedID(0) == "Beta")
        // In a deeper column, the path above it kept.
        driver.send(.moveFocus(by: 1))
        driver.send(.expand)
        await driver.settle()
        driver.send(.moveFocus(by: 1))
        #expect(driver.focusedID(1) == "g2")
        driver.send(.filter("a"))
        driver.send(.filter("aq"))
        driver.send(.clearFilter)
        await driver.settle()
        #expect(driver.focusedID(0) == "gamma")
        #expect(driver.focusedID(1) == "g2")
    }

    @Test func aLoadArrivingWhileFilteredKeepsTheFocusInTheMatches() async {
        var driver = await started()
        driver.send(.moveFocus(by: 2))
        driver.send(.filter("gam"))
        #expect(driver.focusedID(0) == "gamma")
        #expect(driver.state.navigation.levels[0].focus == 0)
        driver.send(.prefetchFocused)
        await driver.settle()
        #expect(driver.state.navigation.levels[0].focus == 0, "the focus counts among the matches, not the whole column")
        #expect(driver.focusedID(0) == "gamma")
        driver.send(.filter("zzz"))
        driver.send(.prefetchFocused)
        driver.send(.invalidateChildren(of: "top"))
        await driver.settle()
        #expect(driver.titles(0).isEmpty)
        driver.send(.clearFilter)
        #expect(driver.focusedID(0) == "gamma", "a filter matching nothing keeps the focused item for Esc")
    }

    @Test func aReloadPutsTheFiltersBackWithThePath() async {
        var driver = await started()
        driver.send(.moveFocus(by: 2))
        driver.send(.expand)
        await driver.settle()
        driver.send(.filter("g1"))
        #expect(driver.titles(1) == ["G1"])
        driver.send(.previousLevel)
        driver.send(.filter("a"))
        #expect(driver.focusedID(0) == "gamma")
        driver.send(.reloadAll)
        await driver.settle()
        #expect(driver.titles(0) == ["Alpha", "Beta", "Gamma", "Alphabet", "Delta"].filter { $0.lowercased().contains("a") })
        #expect(driver.focusedID(0) == "gamma")
        #expect(driver.state.navigation.levels[0].focus == 2)
        #expect(driver.titles(1) == ["G1"], "the filter of the second column is back too")
        #expect(driver.state.navigation.levels[1].filter?.matcher.query == "g1")
        driver.send(.clearFilter)
        #expect(driver.titles(0).count == 5)
        driver.send(.reveal(path: ["gamma"]))
        await driver.settle()
        #expect(driver.titles(0).count == 5, "a filter is put back once, by the reload that kept it")
    }

    @Test func aFilterThatDropsTheExpandedItemClosesItsColumn() async {
        var driver = await started()
        driver.send(.expand)
        await driver.settle()
        driver.send(.previousLevel)
        #expect(driver.state.navigation.levels.count == 2)
        driver.send(.filter("gam"))
        #expect(driver.focusedID(0) == "gamma")
        #expect(driver.state.navigation.levels.count == 1)
        driver.send(.invalidateChildren(of: "top"))
        await driver.settle()
        #expect(driver.titles(0) == ["Gamma"], "the filter stays on when the column reloads")
    }

    @Test func stepToMatchWrapsAndWorksInTheOutline() async {
        var driver = await started()
        driver.send(.stepToMatch("alpha", forward: true))
        #expect(driver.focusedID(0) == "alphabet")
        driver.send(.stepToMatch("alpha", forward: true))
        #expect(driver.focusedID(0) == "alpha")
        #expect(driver.state.message == "search wrapped")
        driver.send(.stepToMatch("alpha", forward: false))
        #expect(driver.focusedID(0) == "alphabet")
        driver.send(.stepToMatch("zzz", forward: true))
        #expect(driver.state.message == "no match for 'zzz'")
        driver.send(.stepToMatch("alpha", forward: true, includingFocus: true))
        #expect(driver.focusedID(0) == "alphabet")
        driver.send(.setLayout(.outline))
        await driver.settle()
        driver.send(.stepToMatch("del", forward: true))
        #expect(driver.state.focusedItem.map { driver.state.store[$0].id } == "delta")
        var empty = Driver(MutableSource(root: "a1", virtual: true, outline))
        empty.send(.start)
        await empty.settle()
        empty.send(.stepToMatch("x", forward: true))
        empty.send(.filter("x"))
        empty.send(.clearFilter)
        #expect(empty.state.navigation.levels.count == 1)
    }
}
