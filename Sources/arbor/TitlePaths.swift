import ArborCore

/// The titles from the top to each item `arbor query` prints (for `--output path` and `json`): a parent's titles
/// are asked of the source once and kept for its other children.
struct TitlePaths {
    /// The relations the titles above an item are asked through.
    let relations: HierarchyRelations
    /// Whether the output needs them; when not, every path is empty and nothing is asked.
    let needed: Bool
    /// The titles from the top to each parent met so far, its own included, by its id.
    private var toParent: [String: [String]] = [:]

    /// Paths over `relations`, asked only when `needed`.
    init(relations: HierarchyRelations, needed: Bool) {
        self.relations = relations
        self.needed = needed
    }

    /// The titles from the top to `item`, its own last.
    mutating func path(to item: SourceItem) async throws -> [String] {
        guard needed else { return [] }
        guard let parent = try await relations.source.parentID(of: item.id) else { return [item.content.title] }
        if let known = toParent[parent] { return known + [item.content.title] }
        let above = try await relations.ancestors(of: item.id).reversed().map(\.content.title)
        toParent[parent] = above
        return above + [item.content.title]
    }
}
