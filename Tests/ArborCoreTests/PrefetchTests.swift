import ArborCore
import Testing

@Suite("Reading the focused item's children ahead")
struct PrefetchTests {
    func started(_ outline: [(String, [String])] = plantOutline) async -> Driver {
        var driver = Driver(MutableSource(root: "plants", outline))
        driver.send(.start)
        await driver.settle()
        return driver
    }

    func focusedID(_ driver: Driver) -> String? {
        driver.state.focusedItem.map { driver.state.store[$0].id }
    }

    @Test func theFocusedItemsChildrenWaitInTheStoreAndExpandingShowsThemAtOnce() async {
        var driver = await started()
        #expect(focusedID(driver) == "hamburg")
        let columns = driver.columnParents
        driver.send(.prefetchFocused)
        guard case .loadChildren(_, let id, _) = driver.pending.first, driver.pending.count == 1 else {
            Issue.record("expected one listing, got \(driver.pending)")
            return
        }
        #expect(id == "hamburg")
        await driver.settle()
        #expect(driver.columnParents == columns, "reading ahead opens no column")
        driver.send(.prefetchFocused)
        #expect(driver.pending.isEmpty, "children already read are not asked for again")
        driver.send(.expand)
        #expect(driver.pending.isEmpty, "expanding needs no load")
        #expect(driver.titles(driver.state.focusedColumn) == ["Pumps", "Tower"])
    }

    @Test func leavesAndLongListsAreNotReadAhead() async {
        let many = (0...256).map { "item\($0)" }
        var driver = await started([("world", ["plants"]), ("plants", ["hamburg", "leaf", "big"]), ("hamburg", ["pumps"]),
                                    ("big", many)])
        driver.send(.moveFocus(by: 1))
        #expect(focusedID(driver) == "leaf")
        driver.send(.prefetchFocused)
        #expect(driver.pending.isEmpty, "a leaf has nothing to read")
        driver.send(.moveFocus(by: 1))
        #expect(focusedID(driver) == "big")
        driver.send(.prefetchFocused)
        #expect(driver.pending.isEmpty, "257 children are more than a quick read")
    }

    @Test func theOutlineExpandsAReadAheadItemWithoutALoad() async {
        var driver = await started()
        driver.send(.setLayout(.outline))
        await driver.settle()
        let rows = driver.state.outline.rows.count
        driver.send(.prefetchFocused)
        #expect(driver.pending.count == 1)
        await driver.settle()
        #expect(driver.state.outline.rows.count == rows, "reading ahead adds no row")
        driver.send(.expand)
        #expect(driver.pending.isEmpty)
        #expect(driver.state.outline.rows.count == rows + 2)
    }
}

@Suite("Problems a source finds by itself")
struct SourceProblemTests {
    @Test func aProblemIsShownAsTheMessage() async {
        var driver = Driver(MutableSource(root: "plants", plantOutline))
        driver.send(.start)
        await driver.settle()
        driver.send(.sourceProblem("stdin: Input/output error"))
        #expect(driver.state.message == "stdin: Input/output error")
        #expect(driver.pending.isEmpty)
        #expect(!(MutableSource(root: "plants", plantOutline) is any ChangeReporting))
    }
}
