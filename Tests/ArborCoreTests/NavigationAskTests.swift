@testable import ArborCore
import Testing

/// A projection changes the navigation and reads the store: what it needs from the source it returns as asks,
/// and only the state turns them into requests.
@Suite("Projections ask, the state requests")
struct NavigationAskTests {
    func started() async -> Driver {
        var driver = Driver(MutableSource(root: "plants", plantOutline))
        driver.send(.start)
        await driver.settle()
        return driver
    }

    @Test func leftOfTheRootAsksForItsParentAndRequestsNothingItself() async throws {
        var driver = await started()
        driver.send(.previousLevel)
        var navigation = driver.state.navigation
        #expect(navigation.focusedLevel == 0)
        let root = try #require(navigation.levels[0].focusedItem)
        let asks = ColumnsProjection().previousLevel(in: &navigation, store: driver.state.store)
        #expect(asks == [.parent(of: root)])
        #expect(driver.state.store[root].parentLoad == .unloaded, "the store is only read")
    }

    @Test func openingInTheOutlineAsksForChildrenAndChangesOnlyTheNavigation() async throws {
        var driver = await started()
        driver.send(.setLayout(.outline))
        await driver.settle()
        var navigation = driver.state.navigation
        let store = driver.state.store
        let hamburg = try #require(navigation.outline.focusedItem)
        #expect(store[hamburg].id == "hamburg")
        #expect(store[hamburg].childLoad == .unloaded)
        let asks = OutlineProjection().openOrClose(in: &navigation, store: store)
        #expect(asks == [.children(of: hamburg)])
        #expect(navigation.expanded.contains(hamburg))
        #expect(!driver.state.navigation.expanded.contains(hamburg), "the state's own navigation is untouched")
        driver.send(.expand)
        #expect(driver.pending.contains { if case .loadChildren(hamburg, _, _) = $0 { true } else { false } })
    }

    @Test func aLeafAnswersWithAMessageAndTheStateShowsIt() async {
        var driver = await started()
        driver.send(.moveFocus(by: 2))
        var navigation = driver.state.navigation
        #expect(ColumnsProjection().openOrClose(in: &navigation, store: driver.state.store) == [.message("no children")])
        driver.send(.expand)
        #expect(driver.state.message == "no children")
    }

    @Test func shownPagesOfAPagedLevelAreAskedForAsPages() async {
        var navigation = Navigation(layout: .columns)
        var store = NodeStore()
        let parent = store.record(SourceItem(id: "big", content: ItemContent(title: "Big"), childCount: 5_000), parent: nil)
        store.setPagedChildren([], count: 5_000, of: parent)
        navigation.levels = [Level(parent: parent)]
        navigation.itemsPerPage = 3
        let asks = ColumnsProjection().settle(&navigation, store: store, reshaped: [])
        #expect(asks == [.pages(of: parent, children: [0, 1, 2, 0])])
    }
}
