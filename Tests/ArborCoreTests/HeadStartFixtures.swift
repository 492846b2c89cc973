import ArborCore
import Synchronization

/// A shown root `top` with children a, b, c (and a1 under a) that records the root and list requests it is asked
/// and can hold a list after its first batch. Lists hand on their first child as a batch, then
/// (after the hold) the others, then answer with all.
class RecordingListSource: HierarchySource, @unchecked Sendable {
    let displayName = "recording"
    let pages: Bool
    private let tree = ["top": ["a", "b", "c"], "a": ["a1"]]
    private let state = Mutex<(asked: [String], held: Bool, failing: Bool)>(([], false, false))

    init(pages: Bool, holding: Bool = false, failing: Bool = false) {
        self.pages = pages
        state.withLock { $0 = ([], holding, failing) }
    }

    /// The root and list requests so far, in order: `root`, `list top`...
    var asked: [String] { state.withLock { $0.asked } }
    /// Lets a held list go on past its first batch.
    func release() { state.withLock { $0.held = false } }

    /// Waits until `count` requests have been made, two seconds at most.
    func waitForRequests(_ count: Int) async {
        for _ in 0..<2_000 where asked.count < count { try? await Task.sleep(nanoseconds: 1_000_000) }
    }

    func root() async throws -> SourceRoot? {
        state.withLock { $0.asked.append("root") }
        return SourceRoot(id: "top", isVirtual: false)
    }
    func numberOfChildren(of id: String) async throws -> Int? { tree[id]?.count ?? 0 }
    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        Array((tree[id] ?? [])[range.clamped(to: 0..<(tree[id]?.count ?? 0))])
    }
    func parentID(of id: String) async throws -> String? { tree.first { $0.value.contains(id) }?.key }
    func item(_ id: String) async throws -> SourceItem {
        SourceItem(id: id, content: ItemContent(title: id.uppercased()), childCount: tree[id]?.count ?? 0)
    }
    var pagesChildren: Bool { pages }

    func children(of id: String) async throws -> [SourceItem] { try await list(id) { _ in } }
    func children(of id: String, partial: @Sendable ([SourceItem]) -> Void) async throws -> [SourceItem] {
        try await list(id, partial: partial)
    }
    func pagedChildren(of id: String) async throws -> PagedChildren? { try await pagedChildren(of: id) { _ in } }
    func pagedChildren(of id: String, partial: @Sendable ([SourceItem]) -> Void) async throws -> PagedChildren? {
        let items = try await list(id, partial: partial)
        return PagedChildren(count: items.count, first: items)
    }

    private func list(_ id: String, partial: @Sendable ([SourceItem]) -> Void) async throws -> [SourceItem] {
        let failing = state.withLock { state in
            state.asked.append("list \(id)")
            return state.failing
        }
        if failing { throw SourceError("cannot list \(id)") }
        var items: [SourceItem] = []
        for child in tree[id] ?? [] { items.append(try await item(child)) }
        if let first = items.first { partial([first]) }
        while state.withLock({ $0.held }) { try await Task.sleep(nanoseconds: 1_000_000) }
        if items.count > 1 { partial(Array(items.dropFirst())) }
        return items
    }
}

/// The same source, where listing is cheap and free of side effects.
final class ReadingAheadRecordingSource: RecordingListSource, ReadingAhead, @unchecked Sendable {}
