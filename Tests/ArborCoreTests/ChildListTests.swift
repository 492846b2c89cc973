import ArborCore
import Testing

@Suite("A list of children holds only the pages that arrived")
struct ChildListTests {
    /// The children of the first column's parent.
    func listed(_ driver: Driver) -> ChildList {
        driver.state.store.children(of: driver.state.navigation.levels[0].parent)
    }

    @Test func aMillionChildrenHoldOnlyTheirShownPages() async {
        var driver = await openedDriver(wideHierarchy(count: 1_000_000))
        #expect(listed(driver).isPaged)
        #expect(listed(driver).count == 1_000_000)
        #expect(listed(driver).heldCount == ChildPaging.pageSize)
        driver.send(.last)
        await driver.settle()
        driver.send(.first)
        await driver.settle()
        #expect(driver.focusedID(0) == "c0")
        #expect(listed(driver).heldCount == 2 * ChildPaging.pageSize, "the first page and the last")
        #expect(Set(listed(driver).arrivedHandles.map { driver.state.store[$0].id })
            == Set((0..<256).map { "c\($0)" } + (999_936..<1_000_000).map { "c\($0)" }))
        #expect(listed(driver).arrivedHandles.map { driver.state.store[$0].id }
            == (0..<256).map { "c\($0)" } + (999_936..<1_000_000).map { "c\($0)" }, "in order")
        let root = driver.state.navigation.levels[0].parent
        let below = RelativeQueries(store: driver.state.store).descendants(of: root)
        #expect(below.prefix(2 * ChildPaging.pageSize - 192) == listed(driver).arrivedHandles[...] && !below.contains(NodeStore.placeholder),
                "the descendants of a paged list are those of the pages read, no placeholder")
        #expect(listed(driver)[999_999] == driver.state.store.handle(for: "c999999"))
        #expect(listed(driver)[500_000] == NodeStore.placeholder)
        #expect(listed(driver).firstIndex(of: driver.state.store.handle(for: "c999998")!) == 999_998)
        #expect(listed(driver).firstIndex(of: NodeStore.placeholder) == ChildPaging.pageSize)
        #expect(listed(driver).contains(driver.state.store.handle(for: "c3")!))
        #expect(!listed(driver).contains(NodeStore.top))
    }

    @Test func aPageLetGoReadsAsPlaceholdersAndTheLastPageIsShort() async {
        var driver = await openedDriver(wideHierarchy(count: 1_000))
        var whole = listed(driver)
        #expect(whole.arrivedPages.isEmpty && whole.handles(ofPage: 0).isEmpty, "a list read whole has no pages")
        whole.dropPage(0)
        #expect(whole == listed(driver))
        driver = await openedDriver(wideHierarchy(count: 3_000))
        driver.send(.last)
        await driver.settle()
        var paged = listed(driver)
        #expect(paged.arrivedPages.sorted() == [0, 11])
        #expect(paged.handles(ofPage: 11).count == 3_000 - 11 * ChildPaging.pageSize)
        #expect(paged.handles(ofPage: 5).isEmpty, "a page not arrived")
        paged.dropPage(11)
        #expect(paged.arrivedPages == [0])
        #expect(paged[2_999] == NodeStore.placeholder)
        #expect(listed(driver)[2_999] != NodeStore.placeholder, "the store's list is not changed through a copy")
    }

    @Test func theExactCountKeepsOnlyTheFirstPage() async {
        var driver = await openedDriver(wideHierarchy(count: 300_000))
        driver.send(.last)
        await driver.settle()
        driver.send(.resizeChildren(of: "", count: 250_000))
        await driver.settle()
        #expect(listed(driver).count == 250_000)
        #expect(listed(driver).heldCount == 2 * ChildPaging.pageSize, "the first page and the new last one")
        #expect(driver.focusedID(0) == "c249999")
    }

    @Test func aChangeInAPagedListMakesItWhole() async {
        var driver = await openedDriver(wideHierarchy(count: 10_000))
        driver.send(.removeChildren(of: "", at: [0, 1]))
        await driver.settle()
        #expect(!listed(driver).isPaged)
        #expect(listed(driver).count == 9_998)
        #expect(listed(driver).heldCount == 9_998)
        #expect(driver.state.store[listed(driver)[0]].id == "c2")
        #expect(listed(driver)[300] == NodeStore.placeholder)
        #expect(listed(driver).arrivedHandles.count == ChildPaging.pageSize - 2, "placeholders left out")
    }

    @Test func aWholeListIsAnArrayOfHandles() async {
        let driver = await openedDriver(wideHierarchy(count: 5))
        let handles = Array(listed(driver))
        var list = ChildList(handles)
        #expect(!list.isPaged)
        #expect(list == listed(driver))
        #expect(list.firstIndex(of: handles[3]) == 3)
        #expect(list.description == handles.description)
        list[0] = handles[4]
        #expect(list.firstIndex(of: handles[4]) == 0)
        list.append(NodeStore.top)
        #expect(list.count == 6)
        #expect(list != listed(driver))
        #expect(ChildList().isEmpty)
        let literal: ChildList = [NodeStore.top, NodeStore.placeholder]
        #expect(literal.firstIndex(of: NodeStore.placeholder) == 1)
    }

    @Test func aPagedListEqualsTheSameHandlesHeldWhole() async {
        let driver = await openedDriver(wideHierarchy(count: 3_000))
        let paged = listed(driver)
        #expect(paged.isPaged)
        #expect(paged == ChildList(Array(paged)))
        #expect(paged.firstIndex(of: NodeStore.top) == nil)
        var copy = paged
        copy[2_000] = NodeStore.top
        #expect(copy[2_000] == NodeStore.top && copy.firstIndex(of: NodeStore.top) == 2_000)
        #expect(paged[2_000] == NodeStore.placeholder, "the copy changed alone")
        #expect(listed(driver)[2_000] == NodeStore.placeholder)
    }

    @Test func everyNodePaysEightBytesForItsList() {
        #expect(MemoryLayout<ChildList?>.size == 8)
    }
}
