/// Whether and how items can be marked (the picker).
public enum SelectionMode: Sendable, Hashable {
    /// Browsing: nothing is marked.
    case none
    /// One item at most: marking one unmarks the others.
    case single
    /// Any number of items, across levels and columns.
    case multiple
}

/// What the marks are told.
package enum SelectionAction: Sendable, Hashable {
    /// Marks the focused item, or unmarks it; single mode keeps one mark at most.
    case toggleFocused
    /// Unmarks every item.
    case clear
    /// Marks exactly these ids, in this order (the last alone in single mode, none without a selection).
    case set([String])
    /// Picks this way from now on: marks beyond what the mode allows go (the last one stays for a single pick).
    case setMode(SelectionMode)
}

/// The marked items by id, in the order they were marked; ids survive reloads and new stores.
package struct Selection: Sendable, Hashable {
    /// How items are marked.
    package internal(set) var mode: SelectionMode
    /// The marked ids, oldest first.
    package private(set) var ids: [String] = []
    private var members: Set<String> = []

    /// Creates an empty selection.
    package init(mode: SelectionMode = .none) {
        self.mode = mode
    }

    /// Whether an id is marked.
    package func contains(_ id: String) -> Bool { members.contains(id) }

    /// The number of marked items.
    package var count: Int { ids.count }

    /// Applies a selection action; `focused` is the id of the focused item (nil: none, or one not yet read).
    mutating func apply(_ action: SelectionAction, focused: String?) {
        switch action {
        case .toggleFocused: if let focused { toggle(focused) }
        case .clear: clear()
        case .setMode(let newMode):
            mode = newMode
            let kept = newMode == .none ? [] : newMode == .single ? Array(ids.suffix(1)) : ids
            apply(.set(kept), focused: focused)
        case .set(let marked):
            clear()
            guard mode != .none else { return }
            for id in mode == .single ? Array(marked.suffix(1)) : marked where !members.contains(id) {
                ids.append(id)
                members.insert(id)
            }
        }
    }

    /// Marks an unmarked id or unmarks a marked one; in single mode marking clears the others.
    private mutating func toggle(_ id: String) {
        guard mode != .none else { return }
        if members.contains(id) {
            members.remove(id)
            ids.removeAll { $0 == id }
            return
        }
        if mode == .single {
            ids.removeAll()
            members.removeAll()
        }
        ids.append(id)
        members.insert(id)
    }

    /// Unmarks the ids given (items that went away); returns how many were marked.
    mutating func remove(_ gone: Set<String>) -> Int {
        let before = ids.count
        ids.removeAll { gone.contains($0) }
        members.subtract(gone)
        return before - ids.count
    }

    /// Unmarks everything.
    private mutating func clear() {
        ids.removeAll()
        members.removeAll()
    }
}
