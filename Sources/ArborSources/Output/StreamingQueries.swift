import ArborCore

/// A relation `arbor query` asks for, answered by a source that streams it.
package enum StreamedRelation: String, Sendable {
    case ancestors, descendants, siblings
}

/// One line of `arbor print` from a source that walks its tree itself: the item, its level below the top
/// (0 for the top items) and whether it is the last of its siblings.
package struct StreamedTreeRow: Sendable {
    /// The item.
    package var item: SourceItem
    /// Its level below the top.
    package var level: Int
    /// Whether no sibling follows it.
    package var isLast: Bool

    /// Creates a row.
    package init(item: SourceItem, level: Int, isLast: Bool) {
        self.item = item
        self.level = level
        self.isLast = isLast
    }
}

/// A source that answers the headless questions itself (a database server walking its table), streaming
/// the answer as it comes instead of being loaded whole first.
package protocol StreamingQueries: HierarchySource {
    /// Calls `each` with the relatives of `id`, and the titles from the top to each when `titlePaths`, until
    /// it returns false. Returns false when no item has that id.
    func streamRelatives(_ relation: StreamedRelation, of id: String, titlePaths: Bool,
                         each: (SourceItem, [String]) throws -> Bool) throws -> Bool
    /// Calls `each` with the items depth first from the top, down to `depth` levels below it (nil: all),
    /// until it returns false.
    func streamTree(depth: Int?, each: (StreamedTreeRow) throws -> Bool) throws
}
