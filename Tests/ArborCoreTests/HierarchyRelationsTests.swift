import ArborCore
import Synchronization
import Testing

/// A source of parents and children given as tables, answering late (each request yields first) and counting
/// what it was asked; `countsKnown` false answers every count with nil, as a stream that cannot tell.
final class RelationsSource: HierarchySource, Sendable {
    let displayName = "relations"
    let rootID: String
    let virtualRoot: Bool
    let countsKnown: Bool
    let lists: [String: [String]]
    let parents: [String: String]
    let asked = Mutex<[String]>([])

    init(root: String, virtual: Bool = false, countsKnown: Bool = true, _ lists: [String: [String]], parents extra: [String: String] = [:]) {
        rootID = root
        virtualRoot = virtual
        self.countsKnown = countsKnown
        self.lists = lists
        var parents: [String: String] = [:]
        for (parent, children) in lists { for child in children { parents[child] = parent } }
        self.parents = parents.merging(extra) { $1 }
    }

    func root() async throws -> SourceRoot? { SourceRoot(id: rootID, isVirtual: virtualRoot) }

    func numberOfChildren(of id: String) async throws -> Int? {
        await Task.yield()
        return countsKnown ? lists[id]?.count ?? 0 : nil
    }

    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        asked.withLock { $0.append("\(id)[\(range.lowerBound)..<\(range.upperBound)]") }
        let all = lists[id] ?? []
        return Array(all[min(range.lowerBound, all.count)..<min(range.upperBound, all.count)])
    }

    func children(of id: String) async throws -> [SourceItem] {
        await Task.yield()
        asked.withLock { $0.append("\(id)[all]") }
        return try await (lists[id] ?? []).asyncMap { try await self.item($0) }
    }

    func parentID(of id: String) async throws -> String? {
        await Task.yield()
        return parents[id]
    }

    func item(_ id: String) async throws -> SourceItem {
        guard id == rootID || parents[id] != nil else { throw SourceError("no item '\(id)'") }
        return SourceItem(id: id, content: ItemContent(title: id.uppercased(), subtitle: id.hasPrefix("p") ? "pump" : "place"),
                          childCount: countsKnown ? lists[id]?.count ?? 0 : nil)
    }
}

extension Array {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}

@Suite("Relative queries over any source")
struct HierarchyRelationsTests {
    let plants = RelationsSource(root: "world", [
        "world": ["hamburg", "berlin"],
        "hamburg": ["pumps", "tower"],
        "pumps": ["p1", "p2"],
        "tower": ["fan"],
        "berlin": ["b1"],
    ])

    @Test func ancestorsAreNearestFirstAndNeverTheItemItself() async throws {
        let relations = HierarchyRelations(plants)
        #expect(try await relations.ancestorIDs(of: "p2") == ["pumps", "hamburg", "world"])
        #expect(try await relations.ancestors(of: "fan").map(\.content.title) == ["TOWER", "HAMBURG", "WORLD"])
        #expect(try await relations.ancestorIDs(of: "world") == [])
        #expect(try await relations.firstAncestor(of: "p1") { $0.content.subtitle == "place" }?.id == "hamburg")
        #expect(try await relations.firstAncestor(of: "p1") { $0.id == "nowhere" } == nil)
        #expect(try await relations.isAncestor("hamburg", of: "p1"))
        #expect(try await !relations.isAncestor("p1", of: "p1"))
        #expect(try await !relations.isAncestor("berlin", of: "p1"))
        #expect(try await relations.isDescendant("fan", of: "world"))
        #expect(try await !relations.isDescendant("world", of: "fan"))
    }

    @Test func aVirtualRootIsNobodysAncestorAndACycleEndsTheList() async throws {
        let virtual = HierarchyRelations(RelationsSource(root: "top", virtual: true, ["top": ["a"], "a": ["b"]]))
        #expect(try await virtual.ancestorIDs(of: "b") == ["a"])
        let looped = HierarchyRelations(RelationsSource(root: "a", ["a": ["b"], "b": ["c"]], parents: ["a": "c"]))
        #expect(try await looped.ancestorIDs(of: "b") == ["a", "c"])
    }

    @Test func siblingsAreTheOtherChildrenOfTheParent() async throws {
        let relations = HierarchyRelations(plants)
        #expect(try await relations.siblings(of: "pumps").map(\.id) == ["tower"])
        #expect(try await relations.siblings(of: "world").isEmpty)
        #expect(try await relations.isSibling("p1", of: "p2"))
        #expect(try await !relations.isSibling("p1", of: "p1"))
        #expect(try await !relations.isSibling("p1", of: "fan"))
        #expect(try await !relations.isSibling("world", of: "hamburg"))
    }

    @Test func descendantsAreDepthFirstAndReadOnlyAsFarAsTheyAreTaken() async throws {
        let relations = HierarchyRelations(plants)
        var all: [String] = []
        for try await item in relations.descendants(of: "world") { all.append(item.id) }
        #expect(all == ["hamburg", "pumps", "p1", "p2", "tower", "fan", "berlin", "b1"])
        var none: [String] = []
        for try await item in relations.descendants(of: "fan") { none.append(item.id) }
        #expect(none.isEmpty)
        let lazy = RelationsSource(root: "world", plants.lists)
        var iterator = HierarchyRelations(lazy).descendants(of: "world").makeAsyncIterator()
        #expect(try await iterator.next()?.id == "hamburg")
        #expect(lazy.asked.withLock { $0 } == ["world[0..<2]"], "nothing below hamburg read before it is asked for")
    }

    @Test func descendantsOfLongListsAreReadAPageAtATimeAndRepeatsOnce() async throws {
        let many = (0..<1_200).map { "n\($0)" }
        let long = RelationsSource(root: "r", ["r": many + ["n5"]])
        var count = 0
        for try await _ in HierarchyRelations(long).descendants(of: "r") { count += 1 }
        #expect(count == 1_200, "n5 listed twice is walked once")
        #expect(long.asked.withLock { $0 } == ["r[0..<512]", "r[512..<1024]", "r[1024..<1201]"])
        let uncounted = RelationsSource(root: "world", countsKnown: false, plants.lists)
        var ids: [String] = []
        for try await item in HierarchyRelations(uncounted).descendants(of: "world") { ids.append(item.id) }
        #expect(ids == ["hamburg", "pumps", "p1", "p2", "tower", "fan", "berlin", "b1"])
        let short = RelationsSource(root: "r", ["r": ["a"]])
        var iterator = HierarchyRelations(ShortCounting(short)).descendants(of: "r").makeAsyncIterator()
        #expect(try await iterator.next()?.id == "a")
        #expect(try await iterator.next() == nil, "a list shorter than its count ends where it ends")
    }

    @Test func aCancelledWalkStops() async throws {
        let relations = HierarchyRelations(plants)
        let walk = Task {
            var taken = 0
            for try await _ in relations.descendants(of: "world") {
                taken += 1
                withUnsafeCurrentTask { $0?.cancel() }
            }
            return taken
        }
        await #expect(throws: CancellationError.self) { try await walk.value }
        let ancestors = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await relations.ancestorIDs(of: "p1")
        }
        await #expect(throws: CancellationError.self) { try await ancestors.value }
    }

    @Test func groupsKeepTheOrderOfTheirFirstItem() throws {
        let groups = HierarchyRelations.group(["p1", "b1", "p2", "fan"]) { String($0.prefix(1)) }
        #expect(groups.map(\.key) == ["p", "b", "f"])
        #expect(groups.map(\.items) == [["p1", "p2"], ["b1"], ["fan"]])
        #expect(throws: SourceError.self) { try HierarchyRelations.group(["x"]) { _ in throw SourceError("no key") } }
    }
}

/// A source that counts one child more than it lists.
struct ShortCounting: HierarchySource {
    let base: RelationsSource
    init(_ base: RelationsSource) { self.base = base }
    var displayName: String { base.displayName }
    func root() async throws -> SourceRoot? { try await base.root() }
    func numberOfChildren(of id: String) async throws -> Int? { (try await base.numberOfChildren(of: id) ?? 0) + 1 }
    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] { try await base.childIDs(of: id, in: range) }
    func parentID(of id: String) async throws -> String? { try await base.parentID(of: id) }
    func item(_ id: String) async throws -> SourceItem {
        var item = try await base.item(id)
        item.childCount = 0
        return item
    }
}
