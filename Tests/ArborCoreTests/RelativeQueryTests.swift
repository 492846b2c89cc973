import ArborCore
import Testing

@Suite("Relative queries")
struct RelativeQueryTests {
    func queries(virtual: Bool = false) async throws -> (RelativeQueries, (String) -> NodeHandle) {
        let store = try await NodeStore.loaded(from: MutableSource(root: virtual ? "plants" : "world", virtual: virtual, plantOutline))
        return (RelativeQueries(store: store), { store.handle(for: $0)! })
    }

    @Test func ancestorsAreNearestFirstAndStrict() async throws {
        let (q, h) = try await queries()
        #expect(q.ancestors(of: h("p2")).map { q.store[$0].id } == ["pumps", "hamburg", "plants", "world"])
        #expect(q.ancestors(of: h("world")).isEmpty)
        #expect(q.isAncestor(h("hamburg"), of: h("p2")))
        #expect(!q.isAncestor(h("p2"), of: h("p2")))
        #expect(!q.isAncestor(h("berlin"), of: h("p2")))
        #expect(q.isDescendant(h("fan"), of: h("plants")))
        #expect(!q.isDescendant(h("plants"), of: h("plants")))
        #expect(q.firstAncestor(of: h("p2")) { $0.title.hasPrefix("P") }.map { q.store[$0].id } == "pumps")
        #expect(q.firstAncestor(of: h("p2")) { $0.title == "Nothing" } == nil)
    }

    @Test func descendantsAreDepthFirstInChildOrder() async throws {
        let (q, h) = try await queries()
        #expect(q.descendants(of: h("hamburg")).map { q.store[$0].id } == ["pumps", "p1", "p2", "p3", "tower", "fan"])
        #expect(q.descendants(of: h("p1")).isEmpty)
    }

    @Test func siblingsShareAParentAndExcludeTheItem() async throws {
        let (q, h) = try await queries()
        #expect(q.siblings(of: h("berlin")).map { q.store[$0].id } == ["hamburg", "munich"])
        #expect(q.isSibling(h("berlin"), of: h("munich")))
        #expect(!q.isSibling(h("berlin"), of: h("berlin")))
        #expect(!q.isSibling(h("berlin"), of: h("p1")))
        #expect(q.siblings(of: h("world")).isEmpty)
    }

    @Test func topLevelItemsOfAVirtualRootAreSiblingsWithoutAncestors() async throws {
        let (q, h) = try await queries(virtual: true)
        #expect(q.siblings(of: h("hamburg")).map { q.store[$0].id } == ["berlin", "munich"])
        #expect(q.ancestors(of: h("p1")).map { q.store[$0].id } == ["pumps", "hamburg"])
    }

    @Test func groupsKeepTheOrderOfFirstAppearance() async throws {
        let (q, h) = try await queries()
        let groups = q.group(q.descendants(of: h("plants"))) { String($0.title.prefix(1)) }
        #expect(groups.map(\.key) == ["H", "P", "T", "F", "B", "M"])
        #expect(groups[1].items.map { q.store[$0].id } == ["pumps", "p1", "p2", "p3"])
        #expect(q.store.value(of: "title", for: h("fan")) == "Fan")
        #expect(q.store.value(of: "id", for: h("fan")) == "fan")
        #expect(q.store.value(of: "nope", for: h("fan")) == nil)
    }

    @Test func theTopHasNoSiblingsAndAnItemListedTwiceIsWalkedOnce() async throws {
        let (q, _) = try await queries()
        #expect(q.siblings(of: NodeStore.top).isEmpty)
        let store = try await NodeStore.loaded(from: MutableSource(root: "a", [("a", ["b", "c", "b"]), ("b", ["d"])]))
        let repeated = RelativeQueries(store: store)
        #expect(repeated.descendants(of: store.handle(for: "a")!).map { store[$0].id } == ["b", "d", "c"])
    }

    @Test func deepChainsNeedNoRecursion() async throws {
        var outline: [(String, [String])] = []
        for level in 0..<20_000 { outline.append(("n\(level)", ["n\(level + 1)"])) }
        let store = try await NodeStore.loaded(from: MutableSource(root: "n0", outline))
        let q = RelativeQueries(store: store)
        #expect(q.ancestors(of: store.handle(for: "n20000")!).count == 20_000)
        #expect(q.descendants(of: store.handle(for: "n0")!).count == 20_000)
    }

    @Test func streamedItemsAreFilteredAndGroupedAsStoredOnesAre() {
        let item = SourceItem(id: "P-7", content: ItemContent(title: "Pump", status: "open", fields: [ItemField(name: "type", value: "pump")]),
                              childCount: nil)
        #expect(item.value(of: "type") == "pump" && item.value(of: "title") == "Pump" && item.value(of: "status") == "open")
        #expect(item.value(of: "id") == "P-7" && item.value(of: "colour") == nil)
        let grouped = RelativeQueries.group(["b1", "a1", "b2", "c1", "a2"]) { String($0.prefix(1)) }
        #expect(grouped.map(\.key) == ["b", "a", "c"] && grouped.map(\.items) == [["b1", "b2"], ["a1", "a2"], ["c1"]])
    }
}
