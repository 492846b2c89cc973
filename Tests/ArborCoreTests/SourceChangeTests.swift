import ArborCore
import Synchronization
import Testing

/// The plant hierarchy with a hidden `.cache` under `plants`, listed only while hidden entries are shown.
final class HiddenEntriesSource: HiddenEntries {
    let base = MutableSource(root: "plants", plantOutline)
    let displayName = "hidden"

    func setShowsHidden(_ shows: Bool) -> Bool {
        base.setChildren(of: "plants", shows ? [".cache", "hamburg", "berlin", "munich"] : ["hamburg", "berlin", "munich"])
        return true
    }

    func root() async throws -> SourceRoot? { try await base.root() }
    func numberOfChildren(of id: String) async throws -> Int? { try await base.numberOfChildren(of: id) }
    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] { try await base.childIDs(of: id, in: range) }
    func parentID(of id: String) async throws -> String? { try await base.parentID(of: id) }
    func item(_ id: String) async throws -> SourceItem { try await base.item(id) }
    func children(of id: String) async throws -> [SourceItem] { try await base.children(of: id) }
}

@Suite("Changes a source reports, and its hidden entries")
struct SourceChangeTests {
    @Test(arguments: [
        (SourceChange.insertedChildren(of: "a", at: [1, 2]), "[ArborCore.BrowserAction.insertChildren(of: \"a\", at: [1, 2])]"),
        (.removedChildren(of: "a", at: [0]), "[ArborCore.BrowserAction.removeChildren(of: \"a\", at: [0])]"),
        (.parentChanged(of: "b"), "[ArborCore.BrowserAction.invalidateParent(of: \"b\")]"),
        (.childrenChanged(of: "c"), "[ArborCore.BrowserAction.invalidateChildren(of: \"c\")]"),
        (.itemsChanged(["d", "e"]), "[ArborCore.BrowserAction.invalidateItems([\"d\", \"e\"])]"),
        (.reloaded, "[ArborCore.BrowserAction.reloadAll]"),
        (.changed, "[ArborCore.BrowserAction.refreshShown]"),
        (.problem("bad"), "[ArborCore.BrowserAction.sourceTrouble(Optional(\"bad\"))]"),
        (.completed(problem: nil), "[ArborCore.BrowserAction.refreshShown]"),
        (.completed(problem: "line 9: cut short"),
         "[ArborCore.BrowserAction.refreshShown, ArborCore.BrowserAction.sourceProblem(\"line 9: cut short\")]"),
    ])
    func eachChangeIsTheMutationOfTheReferenceView(change: SourceChange, actions: String) {
        #expect(String(describing: change.actions) == actions)
    }

    @Test func aReportedInsertionShowsInTheOpenColumn() async {
        let source = MutableSource(root: "plants", plantOutline)
        var driver = Driver(source)
        driver.send(.start)
        await driver.settle()
        #expect(driver.titles(1) == ["Hamburg", "Berlin", "Munich"])
        source.setChildren(of: "plants", ["hamburg", "bremen", "berlin", "munich"])
        for action in SourceChange.insertedChildren(of: "plants", at: [1]).actions { driver.send(action) }
        await driver.settle()
        #expect(driver.titles(1) == ["Hamburg", "Bremen", "Berlin", "Munich"])
    }

    /// A reload reads everything into a new store whose nodes take the same handles in the same order: their content
    /// stamps go on from the last store's, so that nothing kept of the last store's contents passes for the new.
    @Test func aReloadGivesContentStampsAfterTheLastStoresOnes() async {
        let source = MutableSource(root: "plants", plantOutline)
        var driver = Driver(source)
        driver.send(.start)
        await driver.settle()
        let before = driver.state.store.contentVersion
        let handles = driver.state.items(in: 1)
        for action in SourceChange.reloaded.actions { driver.send(action) }
        await driver.settle()
        #expect(driver.titles(1) == ["Hamburg", "Berlin", "Munich"])
        #expect(driver.state.items(in: 1).elementsEqual(handles))
        #expect(driver.state.items(in: 1).allSatisfy { driver.state.store.contentStamp(of: $0) >= before })
        #expect(driver.state.store.contentVersion > before)
    }

    @Test func hiddenEntriesAreShownAndHiddenAgainKeepingTheFocus() async {
        var driver = Driver(HiddenEntriesSource())
        driver.send(.start)
        await driver.settle()
        driver.send(.moveFocus(by: 1))
        #expect(driver.focusedID(1) == "berlin")
        driver.send(.toggleHidden)
        #expect(driver.pending.contains(.setShowsHidden(true)))
        await driver.settle()
        #expect(driver.state.showsHidden)
        #expect(driver.titles(1) == [".cache", "Hamburg", "Berlin", "Munich"])
        #expect(driver.focusedID(1) == "berlin")
        driver.send(.toggleHidden)
        await driver.settle()
        #expect(!driver.state.showsHidden)
        #expect(driver.titles(1) == ["Hamburg", "Berlin", "Munich"])
    }

    @Test func aSourceWithoutHiddenEntriesSaysSo() async {
        var driver = Driver(MutableSource(root: "plants", plantOutline))
        driver.send(.start)
        await driver.settle()
        driver.send(.toggleHidden)
        await driver.settle()
        #expect(!driver.state.showsHidden)
        #expect(driver.state.message == "no hidden entries in this source")
    }
}
