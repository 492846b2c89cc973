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
        #expect(driver.titles(driver.state.navigation.focusedLevel) == ["Pumps", "Tower"])
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

    @Test func theListReadAheadForAnItemTheFocusLeftIsLetGoAndReadAgainOnReturn() async {
        var driver = await started()
        driver.send(.prefetchFocused)
        await driver.settle()
        let hamburg = driver.state.store.handle(for: "hamburg")!
        #expect(driver.state.store.handle(for: "pumps") != nil)
        let slots = driver.state.store.count
        driver.send(.moveFocus(by: 1))
        #expect(focusedID(driver) == "berlin")
        driver.send(.prefetchFocused)
        #expect(driver.state.store.handle(for: "pumps") == nil && driver.state.store.handle(for: "tower") == nil,
                "hamburg's children, never shown, are let go once the focus rests elsewhere")
        #expect(driver.state.store[hamburg].children == nil && driver.state.store[hamburg].childLoad == .unloaded)
        #expect(driver.state.store[hamburg].childCount == 2, "its cell still shows how many children it has")
        await driver.settle()
        #expect(driver.state.store.handle(for: "b1") != nil)
        for _ in 0..<5 {
            driver.send(.moveFocus(by: -1))
            driver.send(.prefetchFocused)
            #expect(driver.state.store.handle(for: "b1") == nil)
            guard case .loadChildren(_, let id, _) = driver.pending.first else {
                Issue.record("expected hamburg's children asked for again, got \(driver.pending)")
                return
            }
            #expect(id == "hamburg")
            await driver.settle()
            driver.send(.moveFocus(by: 1))
            driver.send(.prefetchFocused)
            await driver.settle()
        }
        #expect(driver.state.store.count <= slots + 1, "the slots let go are given to the nodes read next")
        driver.send(.moveFocus(by: -1))
        driver.send(.prefetchFocused)
        await driver.settle()
        driver.send(.expand)
        #expect(driver.pending.isEmpty, "the list read again opens without a load")
        #expect(driver.titles(driver.state.navigation.focusedLevel) == ["Pumps", "Tower"])
    }

    @Test func aListReadAheadAndThenShownIsKeptAfterTheFocusLeavesIt() async {
        var driver = await started()
        driver.send(.prefetchFocused)
        await driver.settle()
        driver.send(.expand)
        driver.send(.prefetchFocused)
        await driver.settle()
        driver.send(.previousLevel)
        driver.send(.moveFocus(by: 1))
        #expect(focusedID(driver) == "berlin")
        driver.send(.prefetchFocused)
        await driver.settle()
        #expect(driver.state.store.handle(for: "pumps") != nil, "a list the screen has shown stays")
        #expect(driver.state.store.handle(for: "p1") == nil, "pumps' list, read ahead and never shown, is let go")
        #expect(driver.state.store.handle(for: "b1") != nil, "the focused item's list waits for it")
    }

    @Test func aListReadAheadIsKeptWhileItsItemsAreAskedAbout() async {
        var driver = Driver(LazyCountSource(base: MutableSource(root: "plants", plantOutline)))
        driver.send(.start)
        await driver.settle()
        driver.send(.prefetchFocused)
        let listing = driver.pending.removeFirst()
        driver.send(await driver.answer(listing))
        let counting = driver.pending
        #expect(!counting.isEmpty, "the counts of hamburg's children are asked for")
        driver.pending = []
        driver.send(.moveFocus(by: 1))
        driver.send(.prefetchFocused)
        #expect(driver.state.store.handle(for: "pumps") != nil, "a node whose count is on its way is not let go")
        for effect in counting { driver.send(await driver.answer(effect)) }
        await driver.settle()
        driver.send(.moveFocus(by: 1))
        driver.send(.prefetchFocused)
        #expect(driver.state.store.handle(for: "pumps") == nil, "once the counts are in, the list goes")
    }

    @Test func aListArrivingAfterTheFocusLeftGoesAtTheNextRest() async {
        var driver = await started()
        driver.send(.prefetchFocused)
        let listing = driver.pending.removeFirst()
        driver.send(.moveFocus(by: 1))
        driver.send(.prefetchFocused)
        driver.send(await driver.answer(listing))
        #expect(driver.state.store.handle(for: "pumps") != nil, "the list on its way is taken when it arrives")
        await driver.settle()
        driver.send(.moveFocus(by: 1))
        #expect(focusedID(driver) == "munich")
        driver.send(.prefetchFocused)
        #expect(driver.state.store.handle(for: "pumps") == nil && driver.state.store.handle(for: "b1") == nil)
        #expect(driver.pending.isEmpty, "a leaf has nothing to read ahead")
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
