/// Questions about where items stand relative to each other in a loaded store: ancestors, descendants,
/// siblings, and grouping them by a key. Every walk is iterative, so depth never costs stack.
///
/// An item is never its own ancestor, descendant or sibling.
package struct RelativeQueries: Sendable {
    /// The store the questions are about.
    package let store: NodeStore

    /// Creates queries over a store.
    package init(store: NodeStore) {
        self.store = store
    }

    /// The parent of an item, the synthetic top excluded.
    func parent(of item: NodeHandle) -> NodeHandle? {
        guard let parent = store[item].parent, parent != NodeStore.top else { return nil }
        return parent
    }

    /// The ancestors of an item, nearest first.
    /// - Complexity: O(depth).
    package func ancestors(of item: NodeHandle) -> [NodeHandle] {
        var result: [NodeHandle] = []
        var seen: Set<NodeHandle> = [item]
        var current = parent(of: item)
        while let ancestor = current, seen.insert(ancestor).inserted {
            result.append(ancestor)
            current = parent(of: ancestor)
        }
        return result
    }

    /// The nearest ancestor for which `predicate` holds.
    package func firstAncestor(of item: NodeHandle, where predicate: (StoredNode) -> Bool) -> NodeHandle? {
        ancestors(of: item).first { predicate(store[$0]) }
    }

    /// Whether `ancestor` is a strict ancestor of `item`.
    package func isAncestor(_ ancestor: NodeHandle, of item: NodeHandle) -> Bool {
        ancestors(of: item).contains(ancestor)
    }

    /// Whether `descendant` is a strict descendant of `item`.
    package func isDescendant(_ descendant: NodeHandle, of item: NodeHandle) -> Bool {
        isAncestor(item, of: descendant)
    }

    /// Whether two different items have the same parent.
    package func isSibling(_ first: NodeHandle, of second: NodeHandle) -> Bool {
        first != second && store[first].parent != nil && store[first].parent == store[second].parent
    }

    /// The loaded descendants of an item, depth first in child order (of a list shown a page at a time, those
    /// of the pages read).
    /// - Complexity: O(descendants loaded).
    package func descendants(of item: NodeHandle) -> [NodeHandle] {
        var result: [NodeHandle] = []
        var seen: Set<NodeHandle> = [item]
        var stack = store.children(of: item).arrivedHandles.reversed().map { $0 }
        while let next = stack.popLast() {
            guard seen.insert(next).inserted else { continue }
            result.append(next)
            stack += store.children(of: next).arrivedHandles.reversed()
        }
        return result
    }

    /// The other children of an item's parent, in order.
    package func siblings(of item: NodeHandle) -> [NodeHandle] {
        guard let parent = store[item].parent else { return [] }
        return store.children(of: parent).filter { $0 != item }
    }

    /// Items grouped by a key, groups in the order their first item comes, items in their own order.
    package func group(_ items: [NodeHandle], by key: (StoredNode) -> String) -> [(key: String, items: [NodeHandle])] {
        Self.group(items) { key(store[$0]) }
    }

    /// Any elements grouped by a key, groups in the order their first element comes, elements in their own order.
    package static func group<Element>(_ items: [Element], by key: (Element) -> String) -> [(key: String, items: [Element])] {
        HierarchyRelations.group(items, by: key)
    }
}
