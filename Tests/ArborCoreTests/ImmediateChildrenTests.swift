import ArborCore
import ArborPath
import Testing

/// A source that hands its pages on at once and refuses to be asked through tasks, and one that holds some
/// pages only through tasks.
final class ImmediateSource: HierarchySource, ImmediateChildren {
    let displayName = "immediate"
    let lists: [String: [String]] = ["top": ["a", "b"], "a": ["a1", "a2"], "b": ["b1"]]
    let slow: Set<String>
    let broken: Set<String>

    init(slow: Set<String> = [], broken: Set<String> = []) {
        self.slow = slow
        self.broken = broken
    }

    func root() async throws -> SourceRoot? { SourceRoot(id: "top", isVirtual: false) }
    func numberOfChildren(of id: String) async throws -> Int? { lists[id]?.count ?? 0 }
    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] { page(id, range) }
    func parentID(of id: String) async throws -> String? { lists.first { $0.value.contains(id) }?.key }
    func item(_ id: String) async throws -> SourceItem { make(id) }
    func children(of id: String, in range: Range<Int>) async throws -> [SourceItem] {
        guard slow.contains(id) else { throw SourceError("\(id) was asked through a task") }
        return page(id, range).map(make)
    }

    func immediateChildren(of id: String, in range: Range<Int>) throws -> [SourceItem]? {
        if broken.contains(id) { throw SourceError("\(id) cannot be read") }
        return slow.contains(id) ? nil : page(id, range).map(make)
    }

    private func page(_ id: String, _ range: Range<Int>) -> [String] {
        let children = lists[id] ?? []
        return Array(children[min(range.lowerBound, children.count)..<min(range.upperBound, children.count)])
    }

    private func make(_ id: String) -> SourceItem {
        SourceItem(id: id, content: ItemContent(title: id), childCount: lists[id]?.count ?? 0)
    }
}

@Suite("A query reads a source that holds its items at once")
struct ImmediateChildrenTests {
    private func titles(_ source: any HierarchySource) async throws -> ([String], String?) {
        let query = SourceQuery(try JSONPath("$..[?@.title]"), source: source)
        return try await onOwnThread {
            var found: [String] = []
            query.forEachMatch { match in
                found.append(match.itemTitle)
                return true
            }
            return (found, query.reader.failure?.message)
        }
    }

    @Test func pagesAreReadWithoutATask() async throws {
        let (found, failure) = try await titles(ImmediateSource())
        #expect(failure == nil)
        #expect(found == ["a", "b", "a1", "a2", "b1"])
    }

    @Test func aPageHeldOnlyThroughATaskIsAskedSo() async throws {
        let (found, failure) = try await titles(ImmediateSource(slow: ["b"]))
        #expect(failure == nil)
        #expect(found == ["a", "b", "a1", "a2", "b1"])
    }

    @Test func aPageThatFailsIsSaidAndTheRestIsWalked() async throws {
        let (found, failure) = try await titles(ImmediateSource(broken: ["a"]))
        #expect(failure == "a cannot be read")
        #expect(found == ["a", "b", "b1"])
    }
}
