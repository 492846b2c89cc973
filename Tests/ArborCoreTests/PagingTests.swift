import ArborCore
import Synchronization
import Testing

@Suite("Wide nodes are shown a page at a time")
struct PagingTests {
    @Test func aWideColumnKnowsItsCountButHoldsOnlyWhatWasShown() async {
        let driver = await openedDriver(wideHierarchy(count: 100_000))
        #expect(driver.state.items(in: 0).count == 100_000)
        #expect(driver.focusedID(0) == "c0")
        #expect(driver.state.store.count < 2 * ChildPaging.pageSize)
        #expect(driver.state.store[driver.state.navigation.levels[0].parent].unloadedChildren == 100_000 - ChildPaging.pageSize)
    }

    @Test func endAndPageDownFocusRealItemsOnceTheirPageArrives() async {
        var driver = await openedDriver(wideHierarchy(count: 100_000))
        driver.send(.last)
        #expect(driver.state.navigation.levels[0].focus == 99_999)
        #expect(driver.state.focusedItem == NodeStore.placeholder)
        #expect(driver.pending.count == 1)
        await driver.settle()
        #expect(driver.focusedID(0) == "c99999")
        #expect(driver.titles(0)[99_990..<100_000].allSatisfy { $0.hasPrefix("Child 999") })
        driver.send(.first)
        driver.send(.pageDown)
        await driver.settle()
        #expect(driver.focusedID(0) == "c10")
        #expect(driver.state.store.count < 3 * ChildPaging.pageSize)
    }

    @Test func onlyThePagesOfShownRowsAreAskedForAndEachOnce() async {
        let source = RecordingPager(count: 10_000)
        var driver = await openedDriver(source)
        driver.send(.focus(level: 0, index: 5_000))
        driver.send(.moveFocus(by: 1))
        driver.send(.moveFocus(by: 1))
        await driver.settle()
        #expect(source.asked.withLock { $0 } == [0..<256, 4864..<5120])
        #expect(driver.focusedID(0) == "c5002")
    }

    @Test func aPlaceholderIsNeitherExpandedNorMarked() async {
        var driver = Driver(wideHierarchy(count: 10_000), columns: 3, itemsPerPage: 10)
        driver.state = BrowserState(selectionMode: .multiple)
        _ = driver.state.apply(.setViewport(columns: 3, itemsPerPage: 10))
        driver.send(.start)
        await driver.settle()
        driver.send(.last)
        let page = driver.pending
        driver.pending = []
        driver.send(.expand)
        driver.send(.selection(.toggleFocused))
        #expect(driver.state.navigation.levels.count == 1)
        #expect(driver.state.selection.ids.isEmpty)
        for effect in page { driver.send(await driver.answer(effect)) }
        #expect(driver.focusedID(0) == "c9999")
    }

    @Test func entersAnItemOfAWideColumnAndComesBack() async {
        var driver = await openedDriver(wideHierarchy(count: 10_000))
        driver.send(.expand)
        await driver.settle()
        #expect(driver.titles(1) == ["Grandchild 0", "Grandchild 1", "Grandchild 2"])
        driver.send(.previousLevel)
        driver.send(.last)
        await driver.settle()
        #expect(driver.state.navigation.levels.count == 1)
        #expect(driver.focusedID(0) == "c9999")
    }

    @Test func aPageAskedForBeforeAReloadIsNotPutIntoTheNewList() async {
        var driver = await openedDriver(wideHierarchy(count: 10_000))
        driver.send(.last)
        await driver.settle()
        driver.send(.focus(level: 0, index: 5_000))
        let stale = await driver.answer(driver.pending.removeFirst())
        driver.send(.last)
        driver.send(.reloadAll)
        await driver.settle()
        driver.send(stale)
        let column = driver.state.navigation.levels[0]
        #expect(driver.state.store[column.parent].unloadedChildren == 10_000 - ChildPaging.pageSize - 10_000 % ChildPaging.pageSize)
        #expect(driver.focusedID(0) == "c9999")
        #expect(driver.titles(0)[5_000] == "…")
    }

    @Test func revealingAnItemOfAWideColumnLoadsOnlyItsPage() async {
        var driver = Driver(wideHierarchy(count: 10_000), columns: 3, itemsPerPage: 10)
        driver.send(.start)
        driver.send(.reveal(path: ["c7000"]))
        await driver.settle()
        #expect(driver.focusedID(0) == "c7000")
        #expect(driver.state.store.count < 3 * ChildPaging.pageSize)
        driver.send(.reveal(path: ["c0", "g2"]))
        await driver.settle()
        #expect(driver.focusedID(1) == "g2")
    }

    @Test func revealingAnIdThatIsNotThereEndsAtTheWideColumn() async {
        var driver = Driver(wideHierarchy(count: 10_000), columns: 3, itemsPerPage: 10)
        driver.send(.start)
        driver.send(.reveal(path: ["nowhere", "g1"]))
        await driver.settle()
        #expect(driver.focusedID(0) == "c0")
        driver.send(.reveal(path: ["c9998"]))
        await driver.settle()
        #expect(driver.focusedID(0) == "c9998")
    }

    @Test func aShortListIsStillLoadedWhole() async {
        let source = RecordingPager(count: ChildPaging.threshold)
        let driver = await openedDriver(source)
        #expect(source.asked.withLock { $0 }.isEmpty)
        #expect(driver.state.store[driver.state.navigation.levels[0].parent].unloadedChildren == 0)
        #expect(driver.titles(0).last == "Child 2047")
    }

    @Test func removingChildrenOfAPagedListKeepsItsPlaceholdersCounted() async {
        var driver = await openedDriver(wideHierarchy(count: 10_000))
        driver.send(.removeChildren(of: "", at: [0, 9_000]))
        #expect(driver.state.items(in: 0).count == 9_998)
        #expect(driver.state.store[driver.state.navigation.levels[0].parent].unloadedChildren == 10_000 - ChildPaging.pageSize - 1)
        #expect(driver.focusedID(0) == "c1")
    }
}

@Suite("Filtering a column shown a page at a time")
struct PagedFilterTests {
    @Test func theSourceMatchesEveryChildAndOnlyShownMatchesAreLoaded() async {
        var driver = await openedDriver(wideHierarchy(count: 100_000))
        driver.send(.filter("^Child\\ 9999"))
        #expect(driver.state.navigation.levels[0].filter?.isMatching == true)
        await driver.settle()
        #expect(driver.state.items(in: 0).count == 11)
        #expect(driver.titles(0) == ["Child 9999"] + (0...9).map { "Child 9999\($0)" })
        #expect(driver.state.store.count < 4 * ChildPaging.pageSize)
        driver.send(.last)
        #expect(driver.focusedID(0) == "c99999")
    }

    @Test func aLongerQueryKeepsWhatStillMatchesWhileTheSourceNarrowsIt() async {
        var driver = await openedDriver(wideHierarchy(count: 10_000))
        driver.send(.filter("^Child\\ 5"))
        await driver.settle()
        #expect(driver.state.items(in: 0).count == 1_111)
        driver.send(.filter("^Child\\ 50"))
        #expect(driver.titles(0) == ["Child 50"])
        #expect(driver.pending.contains { if case .matchChildren(_, _, _, let among?, _) = $0 { among.count == 1_111 } else { false } })
        await driver.settle()
        #expect(driver.state.items(in: 0).count == 111)
        driver.send(.last)
        await driver.settle()
        #expect(driver.focusedID(0) == "c5099")
    }

    @Test func aStaleMatchIsDroppedAndTheNewestWins() async {
        var driver = await openedDriver(wideHierarchy(count: 10_000))
        driver.send(.filter("^Child\\ 1"))
        let stale = driver.pending.removeFirst()
        driver.send(.filter("^Child\\ 2"))
        let older = await driver.answer(stale)
        await driver.settle()
        driver.send(older)
        #expect(driver.titles(0).filter { $0 != "…" }.allSatisfy { $0.hasPrefix("Child 2") })
        #expect(Array(driver.titles(0).prefix(10)) == ["Child 2"] + (20...28).map { "Child \($0)" })
        #expect(driver.state.items(in: 0).count == 1_111)
    }

    @Test func nothingMatchingSaysSoAndClearingShowsEveryChild() async {
        var driver = await openedDriver(wideHierarchy(count: 10_000))
        driver.send(.last)
        await driver.settle()
        driver.send(.filter("zzz"))
        await driver.settle()
        #expect(driver.state.items(in: 0).isEmpty)
        #expect(driver.state.message == "no match")
        driver.send(.clearFilter)
        #expect(driver.state.items(in: 0).count == 10_000)
        #expect(driver.focusedID(0) == "c9999")
    }
}

extension PagedFilterTests {
    @Test func clearingKeepsTheFocusedMatchAtItsPlaceAmongTheChildren() async {
        var driver = await openedDriver(wideHierarchy(count: 100_000))
        driver.send(.filter("^Child\\ 7777"))
        await driver.settle()
        driver.send(.moveFocus(by: 3))
        await driver.settle()
        #expect(driver.focusedID(0) == "c77772")
        driver.send(.clearFilter)
        #expect(driver.state.navigation.levels[0].focus == 77_772)
        #expect(driver.focusedID(0) == "c77772")
    }
}

@Suite("The outline of a node with many children")
struct PagedOutlineTests {
    @Test func rowsOnScreenGetTheirItemsAndTheGuideKnowsTheLastChild() async {
        var driver = await openedDriver(wideHierarchy(count: 10_000))
        driver.send(.setLayout(.outline))
        await driver.settle()
        #expect(driver.state.outline.rows.count == 10_000)
        driver.send(.last)
        await driver.settle()
        let rows = driver.state.outline.rows
        #expect(driver.state.store[rows[9_999].item].id == "c9999")
        #expect(rows[9_999].isLastChild(in: driver.state.store))
        #expect(!rows[9_998].isLastChild(in: driver.state.store))
        #expect(rows[5_000].item == NodeStore.placeholder)
        #expect(driver.state.store.count < 3 * ChildPaging.pageSize)
        driver.send(.first)
        driver.send(.expand)
        await driver.settle()
        #expect(driver.state.outline.rows[1...3].map { driver.state.store[$0.item].title } == ["Grandchild 0", "Grandchild 1", "Grandchild 2"])
    }
}
