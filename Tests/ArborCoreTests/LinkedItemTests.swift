import ArborCore
import ArborPath
import Testing

/// A source whose items are asked for through tasks only, one of them standing for another (`link`).
final class LinkThroughTasksSource: HierarchySource, ImmediateChildren {
    let displayName = "links"
    let lists: [String: [String]] = ["top": ["kept", "alias"], "kept": ["inner"]]

    func root() async throws -> SourceRoot? { SourceRoot(id: "top", isVirtual: false) }
    func numberOfChildren(of id: String) async throws -> Int? { lists[id]?.count ?? 0 }
    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] { lists[id] ?? [] }
    func parentID(of id: String) async throws -> String? { lists.first { $0.value.contains(id) }?.key }
    func item(_ id: String) async throws -> SourceItem { make(id) }
    func children(of id: String, in range: Range<Int>) async throws -> [SourceItem] { (lists[id] ?? []).map(make) }
    func immediateChildren(of id: String, in range: Range<Int>) throws -> [SourceItem]? { nil }

    private func make(_ id: String) -> SourceItem {
        var content = ItemContent(title: id)
        if id == "alias" { content.link = "kept" }
        return SourceItem(id: id, content: content, childCount: lists[id]?.count ?? 0)
    }
}

@Suite("Items that stand for others: a query reads the item linked to")
struct LinkedItemTests {
    /// `{"base": {"name": "pump"}, "copy": *base, "lost": *missing}` as a document.
    static func document() -> StaticHierarchy {
        let nodes = [
            StaticHierarchy.Node(id: "", content: ItemContent(title: "doc", subtitle: "object"), children: [1, 3, 4]),
            StaticHierarchy.Node(id: "/base", content: ItemContent(title: "base", subtitle: "object · &base"), children: [2], parent: 0),
            StaticHierarchy.Node(id: "/base/name", content: ItemContent(title: "name", scalar: ScalarValue(.string, "pump")), parent: 1),
            StaticHierarchy.Node(id: "/copy", content: linked("copy", "*base", to: "/base"), parent: 0),
            StaticHierarchy.Node(id: "/lost", content: linked("lost", "*missing", to: "/missing"), parent: 0),
        ]
        var hierarchy = StaticHierarchy(displayName: "doc", nodes: nodes, rootIndex: 0, rootIsVirtual: false)
        hierarchy.isDocument = true
        return hierarchy
    }

    static func linked(_ title: String, _ name: String, to id: String) -> ItemContent {
        var content = ItemContent(title: title, subtitle: "alias", scalar: ScalarValue(.alias, name))
        content.link = id
        return content
    }

    func matches(_ path: String, in source: any HierarchySource) async throws -> ([String], [String], String?) {
        let query = SourceQuery(try JSONPath(path), source: source)
        return try await onOwnThread {
            var ids: [String] = []
            var values: [String] = []
            query.forEachMatch { match in
                ids.append(match.itemID)
                values.append(match.value.compactJSON)
                return true
            }
            return (ids, values, query.reader.failure?.message)
        }
    }

    @Test func aLinkIsReadAsTheItemItNamesUnderItsOwnKey() async throws {
        let (ids, values, failure) = try await matches("$.copy.name", in: Self.document())
        #expect(ids == ["/base/name"])
        #expect(values == ["\"pump\""])
        #expect(failure == nil)
        let (alias, _, _) = try await matches("$.copy", in: Self.document())
        #expect(alias == ["/copy"], "the alias is found as itself")
        let (_, whole, _) = try await matches("$", in: Self.document())
        #expect(whole.first?.hasPrefix("{\"base\":{\"name\":\"pump\"},\"copy\":{\"name\":\"pump\"},") == true)
    }

    @Test func aLinkToNoItemReadsAsItsNameAndSaysWhy() async throws {
        let (_, values, failure) = try await matches("$.lost", in: Self.document())
        #expect(values == ["\"*missing\""])
        #expect(failure == "no item with id '/missing'")
    }

    @Test func aSourceThatCannotHandItOnAtOnceIsAskedThroughATask() async throws {
        let (ids, _, failure) = try await matches("$..[?@.title == 'inner']", in: LinkThroughTasksSource())
        #expect(failure == nil)
        #expect(ids == ["inner", "inner"], "found under the kept item and again through the link")
    }

    @Test func aDocumentsArrayIsNamedByTheFirstWordOfItsSubtitle() {
        #expect(ItemContent(title: "a", subtitle: "array · !!omap").isArray)
        #expect(!ItemContent(title: "a", subtitle: "array → object").isArray, "a difference's change of type")
        #expect(ItemContent(title: "a", subtitle: "array").isArray)
        #expect(!ItemContent(title: "a", subtitle: "arrays").isArray)
    }

    @Test func aHierarchyThatKnowsItsLinesSaysEachItemsLine() async throws {
        var document = Self.document()
        #expect(try await document.itemLocation(of: "/copy").line == nil, "no lines known")
        document.lines = [1, 2, 3, 4, 5]
        #expect(try await document.itemLocation(of: "/copy").line == 4)
        #expect(try await document.itemLocation(of: "/nothing").line == nil)
        #expect(try await LinkThroughTasksSource().itemLocation(of: "kept") == ItemLocation(), "a source that cannot tell")
    }
}
