/// A source that holds its items in memory and can hand a page of children on at once: a query's walk reads
/// it directly instead of waiting on a task for every page (which cost more than the items themselves).
public protocol ImmediateChildren: HierarchySource {
    /// The children of an item at a range of positions, read at once; nil when they cannot be, and are to be
    /// asked for as any source's are.
    func immediateChildren(of id: String, in range: Range<Int>) throws -> [SourceItem]?

    /// An item read at once (as a YAML alias's anchor is, when a query follows the alias); nil when it cannot be.
    func immediateItem(_ id: String) throws -> SourceItem?
}

extension ImmediateChildren {
    /// No item read at once: it is asked for as any source's is.
    public func immediateItem(_ id: String) throws -> SourceItem? { nil }
}
