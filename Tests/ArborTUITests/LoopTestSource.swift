import ArborCore
import Foundation
import Synchronization

/// A small hierarchy whose children requests can be held at a gate, counted, and whose changes the test reports.
class LoopTestSource: ChangeReporting, @unchecked Sendable {
    let displayName = "loop"
    private let tree: [String: [String]]
    private let state = Mutex<(gated: Set<String>, asked: [String], complete: Bool,
                               report: (@Sendable (SourceChange) -> Void)?)>(([], [], true, nil))

    /// A virtual root of id "" whose children form the first column: alpha, beta, gamma; alpha → a1, a2; beta → b1.
    init(complete: Bool = true, tree: [String: [String]]? = nil) {
        self.tree = tree ?? ["": ["alpha", "beta", "gamma"], "alpha": ["a1", "a2"], "beta": ["b1"]]
        state.withLock { $0.complete = complete }
    }

    /// Holds the children requests of these items until ``open(_:)``.
    func hold(_ ids: String...) { state.withLock { $0.gated.formUnion(ids) } }
    /// Lets the held requests of an item answer.
    func open(_ id: String) { state.withLock { _ = $0.gated.remove(id) } }
    /// The items whose children were asked for, in order.
    var asked: [String] { state.withLock { $0.asked } }

    /// Says the input has all been read.
    func complete() {
        let report = state.withLock { state in
            state.complete = true
            return state.report
        }
        report?(.completed(problem: nil))
    }

    var isComplete: Bool { state.withLock { $0.complete } }

    func observeChanges(_ report: @escaping @Sendable (SourceChange) -> Void) {
        state.withLock { $0.report = report }
    }

    func root() async throws -> SourceRoot? { SourceRoot(id: "", isVirtual: true) }
    func numberOfChildren(of id: String) async throws -> Int? { tree[id]?.count ?? 0 }
    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        Array((tree[id] ?? [])[range.clamped(to: 0..<(tree[id]?.count ?? 0))])
    }
    func parentID(of id: String) async throws -> String? { tree.first { $0.value.contains(id) }?.key }
    func item(_ id: String) async throws -> SourceItem {
        SourceItem(id: id, content: ItemContent(title: id), childCount: tree[id]?.count ?? 0)
    }

    func children(of id: String) async throws -> [SourceItem] {
        state.withLock { $0.asked.append(id) }
        while state.withLock({ $0.gated.contains(id) }) { try await Task.sleep(nanoseconds: 2_000_000) }
        var items: [SourceItem] = []
        for child in tree[id] ?? [] { items.append(try await item(child)) }
        return items
    }
}

/// The same hierarchy from a source that lets the browser read children ahead.
final class ReadingAheadLoopSource: LoopTestSource, ReadingAhead, @unchecked Sendable {}

/// The same hierarchy from a source told what is on screen: it keeps each set of ids it was told to watch.
final class WatchingLoopSource: LoopTestSource, WatchingShown, @unchecked Sendable {
    private let told = Mutex<[Set<String>]>([])
    /// The sets of ids the source was told to watch, in order.
    var watched: [Set<String>] { told.withLock { $0 } }

    func watch(_ ids: Set<String>) { told.withLock { $0.append(ids) } }
}

/// The same hierarchy under a shown root: the root's own column comes before its children's.
final class ShownRootLoopSource: LoopTestSource, @unchecked Sendable {
    override func root() async throws -> SourceRoot? { SourceRoot(id: "", isVirtual: false) }
}

/// A virtual root whose one long list comes in two parts: "first" at once, then, once let go, "last".
final class PartlyListedLoopSource: HierarchySource, @unchecked Sendable {
    let displayName = "parts"
    private let held = Mutex(true)

    /// Lets the list's second part come.
    func letGo() { held.withLock { $0 = false } }

    func root() async throws -> SourceRoot? { SourceRoot(id: "", isVirtual: true) }
    func numberOfChildren(of id: String) async throws -> Int? { id == "" ? 2 : 0 }
    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        id == "" ? Array(["first", "last"][range.clamped(to: 0..<2)]) : []
    }
    func parentID(of id: String) async throws -> String? { id == "" ? nil : "" }
    func item(_ id: String) async throws -> SourceItem { SourceItem(id: id, content: ItemContent(title: id), childCount: 0) }
    func children(of id: String) async throws -> [SourceItem] {
        try await children(of: id) { _ in }
    }
    func children(of id: String, partial: @Sendable ([SourceItem]) -> Void) async throws -> [SourceItem] {
        guard id == "" else { return [] }
        let first = try await item("first")
        partial([first])
        while held.withLock({ $0 }) { try await Task.sleep(nanoseconds: 2_000_000) }
        return [first, try await item("last")]
    }
}
