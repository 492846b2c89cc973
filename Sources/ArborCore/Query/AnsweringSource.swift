import Synchronization

/// A source narrowed to a query's answer: only the matched items and the items above them are listed, with the
/// same ids, so that marks, the focus and previews carry over to and from the whole tree. A match with no match
/// under it opens to all it holds, as in the whole tree.
public final class AnsweringSource: HierarchySource, PreviewingItems, LocatingItems {
    /// The source narrowed.
    public let base: any HierarchySource
    /// The answer shown.
    public let answer: QueryAnswer

    /// Narrows `base` to `answer`.
    public init(base: any HierarchySource, answer: QueryAnswer) {
        self.base = base
        self.answer = answer
    }

    /// Its own preview (the base's, of the whole item rather than the part of it in the answer), and the base's
    /// locations where the base has them; nothing else of the base's applies to the narrowed tree.
    public var capabilities: SourceCapabilities {
        SourceCapabilities(previewing: self, locating: base.capabilities.locating.map { _ in self })
    }

    public var displayName: String { base.displayName }
    public var isDocument: Bool { base.isDocument }
    public var pagesChildren: Bool { true }

    public func root() async throws -> SourceRoot? { try await base.root() }

    /// Whether an item's children are the base's: a match with none under it, or an item below such a match.
    private func listsWhole(_ id: String) -> Bool {
        !answer.contains(id) || answer.isMatch(id) && answer.childCount(of: id) == 0
    }

    public func numberOfChildren(of id: String) async throws -> Int? {
        listsWhole(id) ? try await base.numberOfChildren(of: id) : answer.childCount(of: id)
    }

    public func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        if listsWhole(id) { return try await base.childIDs(of: id, in: range) }
        return answer.children(of: id, in: range)
    }

    public func parentID(of id: String) async throws -> String? { try await base.parentID(of: id) }

    /// The source's item, counting its children in the answer (or all of them, see ``listsWhole(_:)``) and the
    /// matches at and under it.
    public func item(_ id: String) async throws -> SourceItem {
        var item = try await base.item(id)
        if !listsWhole(id) { item.childCount = answer.childCount(of: id) }
        item.content.matchCount = answer.matchCount(under: id)
        return item
    }

    public func children(of id: String) async throws -> [SourceItem] {
        if listsWhole(id) { return try await base.children(of: id) }
        return try await children(of: id, in: 0..<answer.childCount(of: id))
    }

    public func position(of childID: String, in parentID: String) async throws -> Int? {
        if listsWhole(parentID) { return try await base.position(of: childID, in: parentID) }
        return answer.position(of: childID, in: parentID)
    }

    public func preview(of id: String, lines: Int) async throws -> ItemPreview {
        try await base.itemPreview(of: id, lines: lines)
    }

    public func location(of id: String) async throws -> ItemLocation {
        try await base.itemLocation(of: id)
    }
}
