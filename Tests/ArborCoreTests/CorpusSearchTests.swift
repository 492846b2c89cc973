import ArborCore
import Testing

@Suite("A find's search of its corpus matches what the matcher accepts text by text")
struct CorpusSearchTests {
    static let titles = [
        "Budget 2024", "budget draft", "BUDGET", "draft budget notes", "Straße", "STRASSE", "straße plan", "Ωmega",
        "ωmega budget", "photos/summer", "summer photos", "notes.txt", "d03_alpha", "D03 beta", "alpha d-0-3",
        "café", "CAFÉ", "Café noir", "日本語 notes", "x\u{1F}y", "", "b", "ab", "ba", "music | jazz", "jazz", "$HOME",
        "end$", "a\\ b", "K\u{212A}elvin",
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
        "\\$HOME", "end\\$", "a\\ b", "kelvin", "日本", "x", "ab", "ba", "photos summer", "s p", "'o/s",
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
}
