import ArborCore
import Testing

@Suite("A long list shown with an estimated count, then its exact one")
struct EstimatedCountTests {
    @Test func theExactCountKeepsTheFirstPageAndReadsTheRestAtExactPlaces() async {
        var driver = await openedDriver(wideHierarchy(count: 100_000))
        driver.send(.last)
        await driver.settle()
        #expect(driver.focusedID(0) == "c99999")
        // Shown as 100,000 long, the list turns out to hold 99,000: the focus comes back within it, the first
        // page stays and the shown page is asked for again.
        driver.send(.resizeChildren(of: "", count: 99_000))
        #expect(driver.state.items(in: 0).count == 99_000)
        #expect(driver.state.navigation.levels[0].focus == 98_999)
        #expect(driver.titles(0)[0..<10] == ArraySlice((0..<10).map { "Child \($0)" }))
        #expect(driver.state.store[driver.state.navigation.levels[0].parent].unloadedChildren == 99_000 - ChildPaging.pageSize)
        #expect(driver.pending.count == 1, "the page of the focus is read again")
        await driver.settle()
        #expect(driver.focusedID(0) == "c98999")
        driver.send(.resizeChildren(of: "", count: 100_000))
        #expect(driver.state.items(in: 0).count == 100_000, "a longer count adds places")
        driver.send(.resizeChildren(of: "nowhere", count: 5))
        #expect(driver.state.items(in: 0).count == 100_000, "an unknown list is left alone")
    }

    @Test func theChangeBecomesTheAction() {
        let actions = SourceChange.childCountChanged(of: "p", count: 7).actions
        guard actions.count == 1, case .resizeChildren(let id, let count) = actions[0] else {
            Issue.record("\(actions)")
            return
        }
        #expect(id == "p" && count == 7)
    }
}
