import ArborCore
import Synchronization
import Testing

@Suite("A find's search of its corpus matches what the matcher accepts text by text")
struct CorpusSearchTests {
    static let titles = [
        "Budget 2024", "budget draft", "BUDGET", "draft budget notes", "Straße", "STRASSE", "straße plan", "Ωmega",
        "ωmega budget", "photos/summer", "summer photos", "notes.txt", "d03_alpha", "D03 beta", "alpha d-0-3",
        "café", "CAFÉ", "Café noir", "日本語 notes", "x\u{1F}y", "", "b", "ab", "ba", "music | jazz", "jazz", "$HOME",
        "end$", "a\\ b", "K\u{212A}elvin", String(repeating: "long notes ", count: 30), String(repeating: "x", count: 254),
        String(repeating: "y", count: 255) + " budget", "after the long ones",
    ]

    /// A corpus of `titles` under a virtual root, walked whole.
    static func corpus() async throws -> SearchCorpus.Snapshot { try await corpus(of: titles) }

    /// A corpus of `titles` under a virtual root, walked whole.
    static func corpus(of titles: [String]) async throws -> SearchCorpus.Snapshot {
        var nodes = [StaticHierarchy.Node(id: "", content: ItemContent(title: "root"), children: (1...titles.count).map { Int32($0) })]
        for (index, title) in titles.enumerated() {
            nodes.append(StaticHierarchy.Node(id: "t\(index)", content: ItemContent(title: title), parent: 0))
        }
        let walk = SearchWalk(source: StaticHierarchy(displayName: "titles", nodes: nodes, rootIndex: 0, rootIsVirtual: true),
                              fields: .title, bound: .unlimited)
        await walk.walkToEnd()
        return try #require(walk.corpus?.snapshot())
    }

    @Test(arguments: [
        "budget", "BUDGET", "Budget", "bdg", "'draft", "^budget", "notes$", "^jazz$", "!budget", "budget !draft",
        "straße", "STRASSE", "ωmega", "Ωmega", "café", "CAFÉ", "d03", "D03", "d-0-3", "a|zz", "zz | jazz", "music jazz",
        "\\$HOME", "end\\$", "a\\ b", "kelvin", "日本", "x", "ab", "ba", "photos summer", "s p", "'o/s", "long", "yyy budget", "after",
    ])
    func everyTextTheMatcherAcceptsIsFoundAndNoOther(query: String) async throws {
        let snapshot = try await Self.corpus()
        let matcher = TextMatcher(query)
        var search = CorpusSearch(matcher, fields: .title, limit: nil)
        while search.scanned < snapshot.count { search.scan(snapshot) }
        let found = Set(search.ranked.map { snapshot.title(of: Int($0.entry)) })
        let expected = Set((0..<snapshot.count).map { snapshot.title(of: $0) }.filter { matcher.matches($0) })
        #expect(found == expected)
        #expect(search.total == expected.count)
    }

    @Test func everyEntryLeadsBackToItsItemAcrossBlocksAndPauses() async throws {
        // 20,000 children of the root (a run across two blocks, cut where the walk paused) and three under the first.
        let walk = SearchWalk(source: wideHierarchy(count: 20_000), fields: .title, bound: .unlimited)
        walk.startAhead(pausingAt: SearchWalk.AheadLimit(items: 7_000, bytes: .max))
        #expect(await eventually { walk.progress.visited >= 7_000 && !walk.progress.isWalking })
        #expect(walk.start())
        #expect(await eventually { walk.progress.isComplete && !walk.progress.isWalking })
        let snapshot = try #require(walk.corpus?.snapshot())
        #expect(snapshot.count == 20_003)
        for entry in stride(from: 0, to: snapshot.count, by: 7) + [16_383, 16_384, 20_000, 20_001, 20_002] {
            let title = snapshot.title(of: entry)
            let ids = try await walk.ids(to: entry)
            if title.hasPrefix("Grandchild") {
                #expect(ids == ["c0", "g\(title.dropFirst(11))"], "\(entry)")
                #expect(snapshot.parent(of: entry) == 0)
            } else {
                #expect(ids == ["c\(title.dropFirst(6))"], "\(entry)")
                #expect(snapshot.parent(of: entry) == -1 && snapshot.position(of: entry) == Int(title.dropFirst(6)))
            }
        }
    }

    @Test func aWalkBoundedByACountWithThousandsOfListsWaitingVisitsThemInTheOrderFound() async throws {
        // 5,000 items under a virtual root, each with two children: breadth first (a walk bounded by a count),
        // 5,000 lists wait at once, more than a chunk.
        let nodes = Self.listsOfTwo(count: 5_000)
        let walk = SearchWalk(source: StaticHierarchy(displayName: "lists", nodes: nodes, rootIndex: 0, rootIsVirtual: true),
                              fields: .title, bound: SearchBound(depth: nil, items: 1_000_000))
        await walk.walkToEnd()
        let snapshot = try #require(walk.corpus?.snapshot())
        #expect(snapshot.count == 15_000)
        #expect((0..<5_000).allSatisfy { snapshot.title(of: $0) == "P\($0)" })
        #expect((0..<10_000).allSatisfy { snapshot.title(of: 5_000 + $0) == "K\($0 / 2).\($0 % 2)" })
        for entry in [0, 4_095, 4_096, 4_999, 5_000, 13_191, 14_999] {
            let ids = try await walk.ids(to: entry)
            #expect(ids.last == nodes[1 + entry].id, "\(entry)")
        }
    }

    @Test func aWholeWalkGoesDepthFirstAPageOfChildrenAtATime() async throws {
        // Unbounded, each page of the root's children (4,096 at a time) is followed by its items' children.
        let nodes = Self.listsOfTwo(count: 5_000)
        let walk = SearchWalk(source: StaticHierarchy(displayName: "lists", nodes: nodes, rootIndex: 0, rootIsVirtual: true),
                              fields: .title, bound: .unlimited)
        await walk.walkToEnd()
        let snapshot = try #require(walk.corpus?.snapshot())
        var expected = (0..<4_096).map { "P\($0)" } + (0..<4_096).flatMap { ["K\($0).0", "K\($0).1"] }
        expected += (4_096..<5_000).map { "P\($0)" } + (4_096..<5_000).flatMap { ["K\($0).0", "K\($0).1"] }
        let titles = (0..<snapshot.count).map { snapshot.title(of: $0) }
        let inOrder = titles == expected
        #expect(inOrder)
        let named: [(entry: Int, id: String)] = [(0, nodes[1].id), (4_095, nodes[4_096].id), (4_096, "k0.0"), (12_287, "k4095.1"),
                                                  (12_288, nodes[4_097].id), (13_192, "k4096.0"), (14_999, "k4999.1")]
        for (entry, id) in named {
            #expect(try await walk.ids(to: entry).last == id, "\(entry)")
        }
    }

    @Test func aWholeWalkVisitsEachListBeforeTheListsAfterIt() async throws {
        // Three levels, three items a list: each list's items are followed by all that lies below them.
        var nodes = [StaticHierarchy.Node(id: "", content: ItemContent(title: "root"), children: [1, 2, 3])]
        func add(_ title: String, parent: Int32) -> Int32 {
            let index = Int32(nodes.count)
            nodes.append(StaticHierarchy.Node(id: title, content: ItemContent(title: title), parent: parent))
            return index
        }
        for a in 0..<3 { _ = add("a\(a)", parent: 0) }
        for a in 0..<3 {
            nodes[1 + a].children = (0..<3).map { b in add("a\(a)b\(b)", parent: Int32(1 + a)) }
            for b in 0..<3 {
                let parent = nodes[1 + a].children[b]
                nodes[Int(parent)].children = (0..<2).map { c in add("a\(a)b\(b)c\(c)", parent: parent) }
            }
        }
        var order = (0..<3).map { "a\($0)" }
        for a in 0..<3 {
            order += (0..<3).map { "a\(a)b\($0)" }
            for b in 0..<3 { order += (0..<2).map { "a\(a)b\(b)c\($0)" } }
        }
        let walk = SearchWalk(source: StaticHierarchy(displayName: "levels", nodes: nodes, rootIndex: 0, rootIsVirtual: true),
                              fields: .title, bound: .unlimited)
        await walk.walkToEnd()
        let snapshot = try #require(walk.corpus?.snapshot())
        #expect((0..<snapshot.count).map { snapshot.title(of: $0) } == order)
        #expect(walk.progress.isComplete)
        for (entry, title) in order.enumerated() {
            #expect(try await walk.ids(to: entry) == (1...(title.count / 2)).map { String(title.prefix($0 * 2)) })
        }
    }

    /// `count` items under a virtual root (ids of varied lengths), each with two children.
    static func listsOfTwo(count: Int) -> [StaticHierarchy.Node] {
        var nodes = [StaticHierarchy.Node(id: "", content: ItemContent(title: "root"), children: (1...count).map { Int32($0) })]
        for index in 0..<count {
            nodes.append(StaticHierarchy.Node(id: "p\(index)-\(String(repeating: "é", count: index % 40))", content: ItemContent(title: "P\(index)"),
                                              children: [Int32(count + 1 + 2 * index), Int32(count + 2 + 2 * index)], parent: 0))
        }
        for index in 0..<count {
            for child in 0..<2 {
                nodes.append(StaticHierarchy.Node(id: "k\(index).\(child)", content: ItemContent(title: "K\(index).\(child)"),
                                                  parent: Int32(1 + index)))
            }
        }
        return nodes
    }

    @Test func manyMatchesAreNamedWithEachListAskedForOncePerStretch() async throws {
        let counted = CountedChildIDs(count: 3_000)
        let walk = SearchWalk(source: counted, fields: .title, bound: .unlimited)
        await walk.walkToEnd()
        // Every item, in no order of the walk's: the root's 3,000 children and c0's three.
        let entries = Array((0..<3_003).reversed())
        var oneByOne: [[String]] = []
        for entry in entries { oneByOne.append(try await walk.ids(to: entry)) }
        let asked = counted.calls.withLock { $0 }
        let together = try await walk.ids(to: entries)
        #expect(together == oneByOne)
        #expect(try await walk.ids(to: []) == [])
        #expect(asked >= 3_003)
        #expect(counted.calls.withLock { $0 } - asked <= 3, "the root's list once, c0's once")
        #expect(SearchWalk.stretches(of: [0, 1, 200, 700, 701, 2_000]) == [0..<201, 700..<702, 2_000..<2_001])
        await #expect(throws: SourceError.self) { try await SearchWalk(source: counted, fields: .title, bound: .unlimited).ids(to: [0]) }
        counted.forgets.withLock { $0 = true }
        await #expect(throws: SourceError.self, "an item gone since the walk") { try await walk.ids(to: [5]) }
    }
}

/// The wide hierarchy, counting the lists of ids asked of it.
final class CountedChildIDs: WidePager, @unchecked Sendable {
    let calls = Mutex(0)
    /// Once set, every list is empty.
    let forgets = Mutex(false)

    override func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        calls.withLock { $0 += 1 }
        return forgets.withLock { $0 } ? [] : try await super.childIDs(of: id, in: range)
    }
}
