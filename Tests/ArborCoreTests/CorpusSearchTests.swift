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
    static func corpus() async throws -> SearchCorpus.Snapshot {
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

    @Test func aWalkWithThousandsOfListsWaitingVisitsThemInTheOrderFound() async throws {
        // 5,000 items under a virtual root, each with two children: 5,000 lists wait at once, more than a chunk.
        var nodes = [StaticHierarchy.Node(id: "", content: ItemContent(title: "root"), children: (1...5_000).map { Int32($0) })]
        for index in 0..<5_000 {
            nodes.append(StaticHierarchy.Node(id: "p\(index)-\(String(repeating: "é", count: index % 40))", content: ItemContent(title: "P\(index)"),
                                              children: [Int32(5_001 + 2 * index), Int32(5_002 + 2 * index)], parent: 0))
        }
        for index in 0..<5_000 {
            for child in 0..<2 {
                nodes.append(StaticHierarchy.Node(id: "k\(index).\(child)", content: ItemContent(title: "K\(index).\(child)"),
                                                  parent: Int32(1 + index)))
            }
        }
        let walk = SearchWalk(source: StaticHierarchy(displayName: "lists", nodes: nodes, rootIndex: 0, rootIsVirtual: true),
                              fields: .title, bound: .unlimited)
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
