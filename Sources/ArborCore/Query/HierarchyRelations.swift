/// Where items stand relative to each other in any source, asked of the source as the answer needs it: the
/// ancestors of an item (nearest first), the first of them a predicate holds for, its descendants (depth first,
/// read lazily), its siblings, whether one item is an ancestor, descendant or sibling of another, and items
/// grouped by a key the program computes. Relations are strict: an item is never its own ancestor, descendant
/// or sibling. A virtual root (one the browser does not show) is nobody's ancestor.
public struct HierarchyRelations: Sendable {
    /// The source asked.
    public let source: any HierarchySource

    /// Relations over `source`.
    public init(_ source: any HierarchySource) {
        self.source = source
    }

    /// The ids of an item's ancestors, nearest first; a cycle in the source's parents ends the list.
    public func ancestorIDs(of id: String) async throws -> [String] {
        let hidden = try await source.root().flatMap { $0.isVirtual ? $0.id : nil }
        var result: [String] = []
        var seen: Set<String> = [id]
        var current = try await source.parentID(of: id)
        while let ancestor = current, ancestor != hidden, seen.insert(ancestor).inserted {
            try Task.checkCancellation()
            result.append(ancestor)
            current = try await source.parentID(of: ancestor)
        }
        return result
    }

    /// An item's ancestors, nearest first.
    public func ancestors(of id: String) async throws -> [SourceItem] {
        var items: [SourceItem] = []
        for ancestor in try await ancestorIDs(of: id) { items.append(try await source.item(ancestor)) }
        return items
    }

    /// The nearest ancestor of an item for which `predicate` holds, its ancestors read one at a time up to it.
    public func firstAncestor(of id: String, where predicate: (SourceItem) throws -> Bool) async throws -> SourceItem? {
        for ancestor in try await ancestorIDs(of: id) {
            let item = try await source.item(ancestor)
            if try predicate(item) { return item }
        }
        return nil
    }

    /// Whether `ancestorID` is an ancestor of `id`.
    public func isAncestor(_ ancestorID: String, of id: String) async throws -> Bool {
        try await ancestorIDs(of: id).contains(ancestorID)
    }

    /// Whether `descendantID` is a descendant of `id`.
    public func isDescendant(_ descendantID: String, of id: String) async throws -> Bool {
        try await isAncestor(id, of: descendantID)
    }

    /// The other children of an item's parent, in their order; none for the root.
    public func siblings(of id: String) async throws -> [SourceItem] {
        guard let parent = try await source.parentID(of: id) else { return [] }
        return try await source.children(of: parent).filter { $0.id != id }
    }

    /// Whether two different items have the same parent.
    public func isSibling(_ first: String, of second: String) async throws -> Bool {
        guard first != second, let parent = try await source.parentID(of: first) else { return false }
        return try await source.parentID(of: second) == parent
    }

    /// An item's descendants, depth first in their order, each list read a page at a time as the walk gets to
    /// it; the walk ends when the task iterating it is cancelled.
    public func descendants(of id: String) -> HierarchyDescendants {
        HierarchyDescendants(source: source, id: id)
    }

    /// Any elements grouped by a key, groups in the order their first element comes, elements in their order.
    public static func group<Element>(_ elements: [Element], by key: (Element) throws -> String) rethrows
        -> [(key: String, items: [Element])] {
        var groups: [(key: String, items: [Element])] = []
        var position: [String: Int] = [:]
        for element in elements {
            let name = try key(element)
            if let index = position[name] {
                groups[index].items.append(element)
            } else {
                position[name] = groups.count
                groups.append((name, [element]))
            }
        }
        return groups
    }
}
