/// How an item differs between two versions of a hierarchy, while a difference is shown.
public enum ChangeStatus: String, Sendable, Hashable {
    case added, removed, changed, unchanged

    /// The symbol before the title, which reads without colour: `+`, `−`, `~`, or nothing.
    public var symbol: String {
        switch self {
        case .added: return "+"
        case .removed: return "−"
        case .changed: return "~"
        case .unchanged: return ""
        }
    }
}

/// How many values were added, removed and changed at and under an item.
public struct ChangeCounts: Sendable, Hashable {
    /// Values added.
    public var added = 0
    /// Values removed.
    public var removed = 0
    /// Values changed in place.
    public var changed = 0

    /// Creates counts.
    public init(added: Int = 0, removed: Int = 0, changed: Int = 0) {
        self.added = added
        self.removed = removed
        self.changed = changed
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { added == 0 && removed == 0 && changed == 0 }

    /// The sum of two counts.
    public static func + (lhs: ChangeCounts, rhs: ChangeCounts) -> ChangeCounts {
        ChangeCounts(added: lhs.added + rhs.added, removed: lhs.removed + rhs.removed, changed: lhs.changed + rhs.changed)
    }

    /// The counts that are not zero, as the hierarchy icon shows them: `+3 −1 ~2`.
    public var text: String {
        [(added, "+"), (removed, "−"), (changed, "~")].filter { $0.0 > 0 }.map { "\($0.1)\($0.0)" }.joined(separator: " ")
    }
}
