import Synchronization

/// A source narrowed to a query's answer: only the matched items and the items above them are listed, with the
/// same ids, so that marks, the focus and previews carry over to and from the whole tree.
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

    public func numberOfChildren(of id: String) async throws -> Int? { answer.children(of: id).count }

    public func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        let children = answer.children(of: id)
        return Array(children[min(range.lowerBound, children.count)..<min(range.upperBound, children.count)])
    }

    public func parentID(of id: String) async throws -> String? { try await base.parentID(of: id) }

    /// The source's item, counting its children in the answer and the matches at and under it.
    public func item(_ id: String) async throws -> SourceItem {
        var item = try await base.item(id)
        item.childCount = answer.children(of: id).count
        item.content.matchCount = answer.matchCount(under: id)
        return item
    }

    public func children(of id: String) async throws -> [SourceItem] {
        try await children(of: id, in: 0..<answer.children(of: id).count)
    }

    public func position(of childID: String, in parentID: String) async throws -> Int? {
        answer.children(of: parentID).firstIndex(of: childID)
    }

    public func preview(of id: String, lines: Int) async throws -> ItemPreview {
        try await base.itemPreview(of: id, lines: lines)
    }

    public func location(of id: String) async throws -> ItemLocation {
        try await base.itemLocation(of: id)
    }
}
