/// How the browser lays the hierarchy out.
public enum Layout: String, Sendable, CaseIterable {
    /// Columns of object cells, one per level.
    case columns
    /// A tree, one row per item, with indentation.
    case outline
}

/// One row of the outline: an item and how deep it is.
package struct OutlineRow: Sendable, Hashable {
    /// The item (``NodeStore/placeholder`` while its page of a long list has not arrived).
    package internal(set) var item: NodeHandle
    /// Its depth below the outline's top level (0 for top-level rows).
    package let depth: Int
    /// The item's parent.
    package let parent: NodeHandle
    /// The item's position among its parent's children.
    package let position: Int32

    /// Whether the item is the last of its parent's children.
    package func isLastChild(in store: NodeStore) -> Bool {
        Int(position) == store.children(of: parent).count - 1
    }

    init(item: NodeHandle, depth: Int, parent: NodeHandle, position: Int) {
        self.item = item
        self.depth = depth
        self.parent = parent
        self.position = Int32(position)
    }
}

/// Rows replaced by the last outline change: `removed` rows from `start` became `inserted` rows.
package struct OutlineChange: Sendable, Hashable {
    /// The first row that changed (the expanded or collapsed item's row).
    package var start: Int
    /// How many rows after `start` were removed.
    package var removed: Int
    /// How many rows after `start` were inserted.
    package var inserted: Int

    /// Describes a change.
    package init(start: Int, removed: Int, inserted: Int) {
        self.start = start
        self.removed = removed
        self.inserted = inserted
    }

    /// The rows that hold different items or markers afterwards, before rows below only shift.
    package var changedRows: Range<Int> { start..<(start + 1 + max(removed, inserted)) }
}

/// The outline's rows as shown: the visible rows, their focus and scroll.
package struct Outline: Sendable {
    /// The visible rows, top to bottom.
    package internal(set) var rows: [OutlineRow] = []
    /// The index of the focused row.
    package internal(set) var focus = 0
    /// The index of the first row on screen.
    package internal(set) var scroll = 0
    /// The rows the last expand, collapse or load replaced.
    package internal(set) var lastChange: OutlineChange?
    /// The node whose children are the top-level rows.
    package internal(set) var topParent = NodeStore.top

    /// The focused item, if any.
    package var focusedItem: NodeHandle? { rows.indices.contains(focus) ? rows[focus].item : nil }

    /// The row of an item, if it is visible.
    package func row(of item: NodeHandle) -> Int? { rows.firstIndex { $0.item == item } }

    /// The row listing the child at `position` of `parent`, if it is visible.
    func row(parent: NodeHandle, position: Int) -> Int? {
        rows.firstIndex { $0.parent == parent && Int($0.position) == position }
    }

    /// The row of the parent of a row: the nearest row above it that is less deep.
    func parentRow(of row: Int) -> Int? {
        let depth = rows[row].depth
        var index = row - 1
        while index >= 0 {
            if rows[index].depth < depth { return index }
            index -= 1
        }
        return nil
    }

    /// Replaces every row, as built again below `topParent`.
    mutating func replaceAll(with built: [OutlineRow], topParent top: NodeHandle) {
        lastChange = OutlineChange(start: 0, removed: rows.count, inserted: built.count)
        rows = built
        topParent = top
    }

    /// Puts an item that arrived in its placeholder row.
    mutating func fill(row: Int, with item: NodeHandle) {
        rows[row].item = item
    }

    /// How many rows after `row` belong to its visible subtree.
    func subtreeCount(after row: Int) -> Int {
        let depth = rows[row].depth
        var end = row + 1
        while end < rows.count, rows[end].depth > depth { end += 1 }
        return end - row - 1
    }

    /// Replaces `removed` rows after `row` with `inserted`, keeping the focus on its item where it stays.
    mutating func splice(after row: Int, removing removed: Int, inserting inserted: [OutlineRow]) {
        let start = row + 1
        let focused = focusedItem
        rows.replaceSubrange(start..<(start + removed), with: inserted)
        if focus >= start + removed {
            focus += inserted.count - removed
        } else if focus >= start {
            focus = inserted.firstIndex { $0.item == focused }.map { start + $0 } ?? row
        }
        lastChange = OutlineChange(start: row, removed: removed, inserted: inserted.count)
    }

    /// Scrolls so that the focused row is on screen, `page` rows tall.
    mutating func keepFocusVisible(page: Int) {
        focus = min(max(focus, 0), max(0, rows.count - 1))
        if focus < scroll { scroll = focus }
        if focus >= scroll + page { scroll = focus - page + 1 }
        scroll = max(0, min(scroll, rows.count - page))
    }
}
