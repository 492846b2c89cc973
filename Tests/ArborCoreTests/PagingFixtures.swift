import ArborCore
import Synchronization

/// A virtual root with `count` leaves `c0`, `c1`... and, under `c0`, a few children of its own.
func wideHierarchy(count: Int) -> StaticHierarchy {
    var nodes = [StaticHierarchy.Node(id: "", content: ItemContent(title: "root"), children: (1...count).map { Int32($0) })]
    for index in 0..<count {
        nodes.append(StaticHierarchy.Node(id: "c\(index)", content: ItemContent(title: "Child \(index)"), parent: 0))
    }
    let grandchildren = (0..<3).map { Int32(count + 1 + $0) }
    nodes[1].children = grandchildren
    for index in 0..<3 {
        nodes.append(StaticHierarchy.Node(id: "g\(index)", content: ItemContent(title: "Grandchild \(index)"), parent: 1))
    }
    return StaticHierarchy(displayName: "wide", nodes: nodes, rootIndex: 0, rootIsVirtual: true)
}

/// A driver of three columns of ten items, started on `source` and settled.
func openedDriver(_ source: any HierarchySource) async -> Driver {
    var driver = Driver(source, columns: 3, itemsPerPage: 10)
    driver.send(.start)
    await driver.settle()
    return driver
}

/// A wide hierarchy that pages; the fixtures below change one of its answers each.
class WidePager: HierarchySource, @unchecked Sendable {
    let inner: StaticHierarchy
    var displayName: String { inner.displayName }

    init(count: Int) {
        inner = wideHierarchy(count: count)
    }

    func root() async throws -> SourceRoot? { try await inner.root() }
    func numberOfChildren(of id: String) async throws -> Int? { try await inner.numberOfChildren(of: id) }
    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] { try await inner.childIDs(of: id, in: range) }
    func parentID(of id: String) async throws -> String? { try await inner.parentID(of: id) }
    func item(_ id: String) async throws -> SourceItem { try await inner.item(id) }
    var pagesChildren: Bool { true }
    var searchBound: SearchBound { inner.searchBound }
    func children(of id: String, in range: Range<Int>) async throws -> [SourceItem] { try await inner.children(of: id, in: range) }
    func position(of childID: String, in parentID: String) async throws -> Int? { try await inner.position(of: childID, in: parentID) }

    /// The count, and the first page through this source's own ranges.
    func pagedChildren(of id: String) async throws -> PagedChildren? {
        guard let count = try await numberOfChildren(of: id), count > ChildPaging.threshold else { return nil }
        return PagedChildren(count: count, first: try await children(of: id, in: 0..<ChildPaging.pageSize))
    }

    func pagedChildren(of id: String, partial: @Sendable ([SourceItem]) -> Void) async throws -> PagedChildren? {
        try await pagedChildren(of: id)
    }
}

/// Records the ranges it was asked for.
final class RecordingPager: WidePager, @unchecked Sendable {
    let asked = Mutex<[Range<Int>]>([])

    override func children(of id: String, in range: Range<Int>) async throws -> [SourceItem] {
        asked.withLock { $0.append(range) }
        return try await super.children(of: id, in: range)
    }
}

/// Pages, matches and positions fail once `failing` is set.
final class FailingPager: WidePager, @unchecked Sendable {
    let failing = Mutex(false)

    init() { super.init(count: 10_000) }

    override func children(of id: String, in range: Range<Int>) async throws -> [SourceItem] {
        if failing.withLock({ $0 }) { throw SourceError("page \(range.lowerBound) failed") }
        return try await super.children(of: id, in: range)
    }

    override func position(of childID: String, in parentID: String) async throws -> Int? {
        if failing.withLock({ $0 }) { throw SourceError("cannot locate \(childID)") }
        return try await super.position(of: childID, in: parentID)
    }
}

/// Answers the paging request itself: the whole short list at once, or a failure.
final class AnsweringPager: WidePager, @unchecked Sendable {
    let fails: Bool

    init(fails: Bool) {
        self.fails = fails
        super.init(count: 5)
    }

    override func pagedChildren(of id: String) async throws -> PagedChildren? {
        if fails { throw SourceError("cannot count '\(id)'") }
        let all = try await inner.children(of: id)
        return PagedChildren(count: all.count, first: all)
    }
}

/// Hands its first children in another order before it has counted them all.
final class PartialPager: WidePager, @unchecked Sendable {
    init() { super.init(count: 5_000) }

    override func pagedChildren(of id: String, partial: @Sendable ([SourceItem]) -> Void) async throws -> PagedChildren? {
        partial(try await inner.children(of: id, in: 4_000..<4_010).reversed())
        return try await pagedChildren(of: id)
    }
}
