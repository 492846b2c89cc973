import ArborCore
import Testing

@Suite("A long session holds what its screen shows")
struct PageDroppingTests {
    /// Moves the focus of the first column down a long list a page at a time, settling at each stop.
    private func pageThrough(_ driver: inout Driver, to end: Int, step: Int = ChildPaging.pageSize) async {
        var index = 0
        while index < end {
            driver.send(.focus(level: 0, index: index))
            await driver.settle()
            index += step
        }
    }

    @Test func pagingThroughAMillionChildrenHoldsABoundedNumberOfNodes() async {
        var driver = await openedDriver(wideHierarchy(count: 1_000_000))
        await pageThrough(&driver, to: 1_000_000, step: 1_000)
        let bound = (ChildPaging.pagesBetweenDrops + 8) * ChildPaging.pageSize
        #expect(driver.state.store.count < bound)
        #expect(driver.state.store.heldCount < bound)
        #expect(driver.state.store[driver.state.navigation.levels[0].parent].unloadedChildren > 1_000_000 - bound)
    }

    @Test func rowsLetGoAreReadAgainWithTheirOwnTitlesWhenTheyReturn() async {
        var driver = await openedDriver(wideHierarchy(count: 100_000))
        await pageThrough(&driver, to: 100_000)
        for index in [0, 50_000, 99_990, 12_345] {
            driver.send(.focus(level: 0, index: index))
            await driver.settle()
            #expect(driver.focusedID(0) == "c\(index)")
            let titles = driver.titles(0)
            for position in index..<min(index + 10, 100_000) {
                #expect(titles[position] == "Child \(position)")
            }
        }
    }

    @Test func theFocusTheOpenedItemAndTheMarksStayWhileFarPagesGo() async {
        var driver = Driver(wideHierarchy(count: 100_000), columns: 3, itemsPerPage: 10, selectionMode: .multiple)
        driver.send(.start)
        await driver.settle()
        driver.send(.selection(.toggleFocused))
        driver.send(.expand)
        await driver.settle()
        #expect(driver.titles(1) == ["Grandchild 0", "Grandchild 1", "Grandchild 2"])
        driver.send(.previousLevel)
        await pageThrough(&driver, to: 100_000)
        driver.send(.first)
        await driver.settle()
        #expect(driver.focusedID(0) == "c0")
        #expect(driver.state.selection.ids == ["c0"])
        driver.send(.expand)
        await driver.settle()
        #expect(driver.titles(1) == ["Grandchild 0", "Grandchild 1", "Grandchild 2"])
        #expect(driver.state.store[driver.state.navigation.levels[1].parent].id == "c0")
    }

    @Test func theOutlineKeepsEveryRowItShows() async {
        var driver = await openedDriver(wideHierarchy(count: 100_000))
        driver.send(.setLayout(.outline))
        await driver.settle()
        for _ in 0..<(ChildPaging.pagesBetweenDrops + 4) {
            driver.send(.moveFocus(by: ChildPaging.pageSize))
            await driver.settle()
        }
        let rows = driver.state.outline.rows
        let focus = driver.state.outline.focus
        #expect(driver.state.store[rows[focus].item].id == "c\(focus)")
        for row in stride(from: 0, to: focus, by: 97) where rows[row].item != NodeStore.placeholder {
            #expect(driver.state.store[rows[row].item].id == "c\(row)")
        }
    }

    @Test func aFilteredLongListKeepsItsMatchesRight() async {
        var driver = await openedDriver(wideHierarchy(count: 100_000))
        driver.send(.filter("Child 7"))
        await driver.settle()
        let matcher = TextMatcher("Child 7")
        let expected = (0..<100_000).filter { matcher.matches("Child \($0)") }
        let count = driver.state.items(in: 0).count
        #expect(count == expected.count)
        var row = 0
        while row < count {
            driver.send(.focus(level: 0, index: row))
            await driver.settle()
            row += ChildPaging.pageSize
        }
        for row in [0, count / 2, count - 1, 17] {
            driver.send(.focus(level: 0, index: row))
            await driver.settle()
            #expect(driver.focusedID(0) == "c\(expected[row])")
        }
    }
}
