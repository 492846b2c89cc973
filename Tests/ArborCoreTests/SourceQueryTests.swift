import ArborCore
import ArborPath
import Dispatch
import Synchronization
import Testing

/// A source whose items leave their children uncounted, and whose `broken` item cannot be listed.
final class UncountedSource: HierarchySource {
    let displayName = "uncounted"
    let lists: [String: [String]] = ["top": ["a", "broken"], "a": ["a1", "a2"], "broken": []]

    func root() async throws -> SourceRoot? { SourceRoot(id: "top", isVirtual: false) }
    func numberOfChildren(of id: String) async throws -> Int? {
        if id == "broken" { throw SourceError("broken cannot be listed") }
        return lists[id]?.count
    }
    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        let children = lists[id] ?? []
        return Array(children[min(range.lowerBound, children.count)..<min(range.upperBound, children.count)])
    }
    func parentID(of id: String) async throws -> String? {
        lists.first { $0.value.contains(id) }?.key
    }
    func item(_ id: String) async throws -> SourceItem {
        SourceItem(id: id, content: ItemContent(title: id.uppercased(), fields: [ItemField(name: "size", value: String(id.count * 10))]),
                   childCount: nil)
    }
}

/// Runs a query's synchronous walk on a thread of its own, as the browser and the command line do: it waits for
/// the source's tasks, which a thread of the tasks' own pool must not.
func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    let result: Result<Value, any Error> = await withCheckedContinuation { continuation in
        DispatchQueue(label: "query test").async { continuation.resume(returning: Result { try body() }) }
    }
    return try result.get()
}

/// A source whose root says it has three children and lists one.
final class ShortListSource: HierarchySource {
    let displayName = "short"
    func root() async throws -> SourceRoot? { SourceRoot(id: "r", isVirtual: true) }
    func numberOfChildren(of id: String) async throws -> Int? { id == "r" ? 3 : 0 }
    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] { id == "r" && range.contains(0) ? ["only"] : [] }
    func parentID(of id: String) async throws -> String? { id == "only" ? "r" : nil }
    func item(_ id: String) async throws -> SourceItem {
        SourceItem(id: id, content: ItemContent(title: "Shown", fields: [ItemField(name: "title", value: "own \(id)")]), childCount: id == "r" ? 3 : 0)
    }
}

@Suite("JSONPath over sources: documents as values, other items as objects of their fields, answers as trees")
struct SourceQueryTests {
    let document = ItemPreviewTests().document()

    func ids(_ expression: String, in source: any HierarchySource) async throws -> [String] {
        let query = SourceQuery(try JSONPath(expression), source: source)
        return try await onOwnThread {
            var found: [String] = []
            query.forEachMatch { match in
                found.append(match.itemID)
                return true
            }
            return found
        }
    }

    func values(_ expression: String, in source: any HierarchySource) async throws -> [String] {
        let query = SourceQuery(try JSONPath(expression), source: source)
        return try await onOwnThread {
            var found: [String] = []
            query.forEachMatch { match in
                found.append(NormalizedPath.text(match.path) + " " + match.value.compactJSON)
                return true
            }
            return found
        }
    }

    @Test func aDocumentIsQueriedAsTheValueItIs() async throws {
        #expect(try await values("$.deep", in: document) == [#"$['deep'] {"k":"v"}"#])
        #expect(try await values("$.tags[-1]", in: document) == ["$['tags'][1] {}"])
        #expect(try await values("$.tags[0]", in: document) == [#"$['tags'][0] "a""#])
        #expect(try await values("$[?@ == 7 || @ == true || @ == null]", in: document) == ["$['n'] 7", "$['ok'] true", "$['none'] null"])
        #expect(try await ids("$..[?length(@) == 2]", in: document) == ["/tags"])
        #expect(try await values("$.tags", in: document) == [#"$['tags'] ["a",{}]"#])
        #expect(try await ids("$.missing", in: document).isEmpty)
    }

    @Test func aNumberKeepsItsLiteralAndTextThatIsNoNumberIsText() async throws {
        func scalar(_ id: String, _ text: String) -> StaticHierarchy.Node {
            StaticHierarchy.Node(id: id, content: ItemContent(title: id, scalar: ScalarValue(.number, text)), parent: 0)
        }
        var numbers = StaticHierarchy(displayName: "numbers", nodes: [
            StaticHierarchy.Node(id: "", content: ItemContent(title: "numbers"), children: [1, 2, 3, 4], parent: -1),
            scalar("/big", "9007199254740993"), scalar("/up", "inf"), scalar("/hex", "0x1F"), scalar("/odd", "1_000"),
        ], rootIndex: 0, rootIsVirtual: false)
        numbers.isDocument = true
        #expect(try await values("$.*", in: numbers) == [#"$['/big'] 9007199254740993"#, #"$['/up'] null"#, #"$['/hex'] 31"#, #"$['/odd'] "1_000""#])
        #expect(try await ids("$[?@ > 9007199254740992]", in: numbers) == ["/big", "/up"], "inf is a number above every other")
    }

    @Test func anItemIsAnObjectOfItsFieldsWithItsChildren() async throws {
        let source = UncountedSource()
        #expect(try await values("$.children[0]", in: source) == [#"$['children'][0] {"title":"A","size":10}"#])
        #expect(try await ids("$..[?@.size == 20]", in: source) == ["a1", "a2"])
        #expect(try await values("$.children[0].children[1].title", in: source) == [#"$['children'][0]['children'][1]['title'] "A2""#])
        #expect(try await values("$.title.*", in: source).isEmpty)
        #expect(try await values("$.children[0].children[0].children", in: source) == ["$['children'][0]['children'][0]['children'] []"])
        let row = StaticHierarchy.Node(id: "r", content: ItemContent(title: "Row"), children: [1])
        let leaf = StaticHierarchy.Node(id: "c", content: ItemContent(title: "Leaf"), parent: 0)
        let table = StaticHierarchy(displayName: "t", nodes: [row, leaf], rootIndex: 0, rootIsVirtual: false)
        #expect(try await values("$.children[0]", in: table) == [#"$['children'][0] {"title":"Leaf"}"#])
        #expect(try await values("$.children[0].children", in: table).isEmpty)
        let facts = try await onOwnThread {
            let root = SourcePathNode.root(of: SourcePathReader(source: source))!
            let title = root.member(named: "title")!
            let children = root.member(named: "children")!
            return [root.kind == .object, root.count == 3, title.kind == .string, title.count == 0, title.element(at: 0) == nil,
                    title.member(named: "x") == nil, title.itemTitle == "TOP", children.kind == .array, children.count == 2,
                    children.value.count == 2]
        }
        #expect(facts.allSatisfy { $0 }, "\(facts)")
    }

    @Test func aListShorterThanItsCountEndsAndAFieldNamedTitleIsTheTitle() async throws {
        let source = ShortListSource()
        #expect(try await values("$.children[*]", in: source) == [#"$['children'][0] {"title":"own only"}"#])
        let query = SourceQuery(try JSONPath("$.children[0]['title','title']"), source: source)
        let answer = try await onOwnThread { query.answer() }
        #expect(answer.matches == ["only"] && answer.rootIsVirtual && answer.revealPath(to: "only") == ["only"])
        let counts = try await onOwnThread { () -> [Int] in
            let root = SourcePathNode.root(of: SourcePathReader(source: source))!
            return [root.count, root.member(named: "children")!.element(at: 0)!.count]
        }
        #expect(counts == [2, 1])
        let document = self.document
        let scalarCount = try await onOwnThread { SourcePathNode.root(of: SourcePathReader(source: document))!.member(named: "n")!.count }
        #expect(scalarCount == 0)
        #expect(try await values("$.n", in: document) == ["$['n'] 7"])
    }

    @Test func aFailureIsKeptAndTheRestIsWalked() async throws {
        let query = SourceQuery(try JSONPath("$..size"), source: UncountedSource())
        let count = try await onOwnThread {
            var count = 0
            query.forEachMatch { _ in
                count += 1
                return true
            }
            return count
        }
        #expect(count == 5)
        #expect(query.reader.itemsRead == 4, "top's two children, then a's two")
        #expect(query.reader.failure?.message == "broken cannot be listed")
    }

    @Test func anAnswerKeepsTheMatchesAndTheItemsAboveThem() async throws {
        let query = SourceQuery(try JSONPath("$..[?@ == 'v' || @ == 'a' || @ == 7]"), source: document)
        let (answer, progress) = try await onOwnThread {
            var progress: [Int] = []
            return (query.answer(batch: 2, progress: { progress.append($0.matches.count) }), progress)
        }
        #expect(answer.isComplete && progress == [2])
        #expect(answer.matches == ["/n", "/tags/0", "/deep/k"])
        #expect(answer.children(of: "") == ["/n", "/tags", "/deep"])
        #expect(answer.children(of: "/tags") == ["/tags/0"])
        #expect(answer.matchCount(under: "") == 3 && answer.matchCount(under: "/deep") == 1 && answer.matchCount(under: "/ok") == 0)
        #expect(answer.path(to: "/deep/k") == ["/deep", "/deep/k"] && answer.path(to: "/ok") == nil)
        #expect(answer.contains("") && answer.contains("/deep") && !answer.contains("/ok"))
        #expect(answer.isMatch("/n") && !answer.isMatch("/deep"))
    }

    @Test func anAnswerCountsAnItemOnceAndMayHoldTheRoot() async throws {
        var answer = QueryAnswer(rootID: "r")
        answer.add("r", ancestors: [])
        answer.add("x", ancestors: ["p", "r"])
        answer.add("x", ancestors: ["p", "r"])
        answer.add("y", ancestors: ["p", "r"])
        #expect(answer.matchCount(under: "r") == 3 && answer.matchCount(under: "p") == 2)
        #expect(answer.children(of: "p") == ["x", "y"] && answer.children(of: "r") == ["p"])
        #expect(answer.childCount(of: "p") == 2 && answer.childCount(of: "x") == 0 && answer.childCount(of: "none") == 0)
        #expect(answer.children(of: "p", in: 1..<5) == ["y"] && answer.children(of: "none", in: 0..<1).isEmpty)
        var loose = QueryAnswer(rootID: "r")
        loose.add("a", ancestors: ["b"])
        #expect(loose.contains("a") && !loose.contains("b") && loose.path(to: "a") == ["a"] && loose.path(to: "b") == nil,
                "a chain that stops short of the root hangs from an item the tree does not hold")
        #expect(loose.matchCount(under: "b") == 1 && loose.children(of: "b") == ["a"] && loose.revealPath(to: "a") == ["r", "a"])
        var early = QueryAnswer(rootID: "r")
        early.add("x", ancestors: ["p", "r"])
        early.add("p", ancestors: ["r"])
        #expect(early.isMatch("p") && early.matchCount(under: "p") == 2 && early.children(of: "r") == ["p"],
                "an item met as an ancestor and matched later counts its own match once more")
        #expect(early.position(of: "x", in: "p") == 0 && early.position(of: "p", in: "x") == nil && early.position(of: "none", in: "p") == nil)
        var once = QueryAnswer(rootID: "r")
        once.add("x", ancestors: ["r", "z"])
        var other = QueryAnswer(rootID: "r")
        other.add("x", ancestors: ["r"])
        #expect(once == other, "the part of a chain past where it meets the tree leaves no trace")
        let query = SourceQuery(try JSONPath("$.title"), source: UncountedSource())
        let titles = try await onOwnThread { query.answer() }
        #expect(titles.matches == ["top"] && titles.children(of: "top").isEmpty)
    }

    @Test func aStoppedOrEmptyQueryIsNotComplete() async throws {
        let all = SourceQuery(try JSONPath("$..*"), source: document)
        let stopped = try await onOwnThread { all.answer(shouldStop: { true }) }
        #expect(!stopped.isComplete)
        let empty = StaticHierarchy(displayName: "e", nodes: [], rootIndex: -1, rootIsVirtual: false)
        let nothing = SourceQuery(try JSONPath("$..*"), source: empty)
        let none = try await onOwnThread { nothing.answer() }
        #expect(none.isComplete && none.matches.isEmpty)
        #expect(try await onOwnThread { nothing.forEachMatch { _ in true } })
    }

    @Test func theAnsweringSourceListsOnlyTheTree() async throws {
        let query = SourceQuery(try JSONPath("$..[?@ == 'v' || @ == 7]"), source: document)
        let answer = try await onOwnThread { query.answer() }
        let source = AnsweringSource(base: document, answer: answer)
        #expect(source.displayName == "doc" && source.isDocument && source.pagesChildren)
        #expect(try await source.root() == SourceRoot(id: "", isVirtual: false))
        #expect(try await source.numberOfChildren(of: "") == 2)
        #expect(try await source.childIDs(of: "", in: 1..<10) == ["/deep"])
        #expect(try await source.parentID(of: "/deep/k") == "/deep")
        let top = try await source.item("")
        #expect(top.childCount == 2 && top.content.matchCount == 2)
        #expect(try await source.children(of: "/deep").map(\.id) == ["/deep/k"])
        #expect(try await source.position(of: "/deep", in: "") == 1)
        #expect(try await source.preview(of: "/n", lines: 3).lines.map(\.text) == ["7"])
        #expect(try await source.location(of: "/n") == ItemLocation())
    }

    /// A matched array or object with no match under it opens to all it holds, below it as in the whole tree; a
    /// match with matches under it lists those.
    @Test func aMatchWithNoMatchUnderItOpensToAllItHolds() async throws {
        let answer = try await onOwnThread { SourceQuery(try JSONPath("$['tags', 'deep']"), source: document).answer() }
        let source = AnsweringSource(base: document, answer: answer)
        #expect(try await source.childIDs(of: "", in: 0..<10) == ["/tags", "/deep"])
        let tags = try await source.item("/tags")
        #expect(tags.childCount == 2 && tags.content.matchCount == 1)
        #expect(try await source.numberOfChildren(of: "/tags") == 2)
        #expect(try await source.childIDs(of: "/tags", in: 1..<5) == ["/tags/1"])
        #expect(try await source.children(of: "/tags").map(\.id) == ["/tags/0", "/tags/1"])
        #expect(try await source.position(of: "/tags/1", in: "/tags") == 1)
        #expect(try await source.numberOfChildren(of: "/tags/1") == 0, "below the match: the whole tree's")
        let nested = try await onOwnThread { SourceQuery(try JSONPath("$..*[?@ == 'v']"), source: document).answer() }
        let narrowed = AnsweringSource(base: document, answer: nested)
        #expect(try await narrowed.children(of: "/deep").map(\.id) == ["/deep/k"])
    }
}
