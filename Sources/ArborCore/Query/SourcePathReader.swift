import Synchronization

/// Reads a source's items for a query's walk, which runs synchronously: each request waits for the source's
/// answer, a page of children at a time. Run it on a thread of its own, never in a task.
public final class SourcePathReader: Sendable {
    /// The source read.
    public let source: any HierarchySource
    /// How many children one request reads.
    static let pageSize = 1_000
    private let firstFailure = Mutex<SourceError?>(nil)
    private let read = Mutex(0)
    /// The most items a walk reads before it stops following aliases: aliases of aliases, or many of a large
    /// value, can stand for billions of values.
    static let linkedReadLimit = 1_000_000

    /// The source, when it can hand pages of children on at once.
    private let immediate: (any ImmediateChildren)?

    /// Creates a reader of `source`.
    public init(source: any HierarchySource) {
        self.source = source
        immediate = source.capabilities.immediateChildren
    }

    /// The first error a request met; the walk goes on without the part that failed.
    public var failure: SourceError? { firstFailure.withLock { $0 } }

    /// The root and its item, or nil for an empty source.
    func root() -> (root: SourceRoot, item: SourceItem)? {
        let source = source
        return wait(else: nil) {
            guard let root = try await source.root() else { return nil }
            return (root, try await source.item(root.id))
        }
    }

    /// How many children an item has.
    func count(of item: SourceItem) -> Int {
        if let known = item.childCount { return known }
        let source = source
        let id = item.id
        return wait(else: 0) { try await source.numberOfChildren(of: id) ?? 0 }
    }

    /// The children of an item at a range of positions.
    func children(of id: String, in range: Range<Int>) -> [SourceItem] {
        let source = source
        let page: [SourceItem]
        if let immediate, let read = readAtOnce(immediate, id, range) {
            page = read
        } else {
            page = wait(else: []) { try await source.children(of: id, in: range) }
        }
        read.withLock { $0 += page.count }
        return page
    }

    private func readAtOnce(_ source: any ImmediateChildren, _ id: String, _ range: Range<Int>) -> [SourceItem]? {
        do {
            return try source.immediateChildren(of: id, in: range)
        } catch {
            fail(error)
            return []
        }
    }

    /// The item an alias stands for, read as a child is; nil once the walk has read ``linkedReadLimit`` items,
    /// the walk's failure saying so.
    func linked(_ id: String) -> SourceItem? {
        guard itemsRead < Self.linkedReadLimit else {
            fail(SourceError("aliases repeat more than \(Self.linkedReadLimit) values (aliases repeating aliases?); the rest read as their names"))
            return nil
        }
        let item: SourceItem?
        do {
            let source = source
            item = try immediate?.immediateItem(id) ?? wait(else: nil) { try await source.item(id) }
        } catch {
            fail(error)
            item = nil
        }
        if item != nil { read.withLock { $0 += 1 } }
        return item
    }

    /// Keeps `error` as the walk's failure unless one came before it.
    func fail(_ error: any Error) {
        let failure: SourceError
        if let known = error as? SourceError { failure = known } else { failure = SourceError(String(describing: error)) }
        firstFailure.withLock { if $0 == nil { $0 = failure } }
    }

    /// How many items the walk has read so far.
    public var itemsRead: Int { read.withLock { $0 } }

    /// The items above `id`, nearest first, up to the first that `isKnown` accepts (included) or the root.
    func ancestors(of id: String, until isKnown: (String) -> Bool) -> [String] {
        let source = source
        var chain: [String] = []
        var current = id
        while chain.count < 10_000, let parent = parent(of: current, in: source) {
            chain.append(parent)
            if isKnown(parent) { break }
            current = parent
        }
        return chain
    }

    private func parent(of id: String, in source: any HierarchySource) -> String? {
        wait(else: nil) { try await source.parentID(of: id) }
    }

    /// The work's value, waited for; `fallback` when it failed, the failure kept.
    private func wait<Value: Sendable>(else fallback: Value, _ work: @escaping @Sendable () async throws -> Value) -> Value {
        do {
            return try blocking(work)
        } catch {
            fail(error)
            return fallback
        }
    }
}
