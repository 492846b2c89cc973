import ArborCore
import ArborPath

/// One item of a tree of changes: a value of either version (or of both), how it changed, and, for two
/// containers compared member by member, their members in the order shown.
struct DiffEntry<Value: DiffableValue>: Sendable {
    /// The item's id: the value's JSON pointer in the second version, or `-` and its pointer as a patch removes
    /// it (the container's pointer in the second version, the member's key or its index in the first).
    var id: String
    /// The member's key, or nil for an array's element.
    var key: String?
    /// The element's index (in the first version when removed, else in the second), or the member's place.
    var position: Int
    /// How it changed.
    var status: ChangeStatus
    /// The value in the first version.
    var old: Value?
    /// The value in the second version.
    var new: Value?
    /// The parent entry, or -1 for the top value.
    var parent: Int32
    /// For two containers of one kind compared member by member (or a value replaced by another), the members
    /// in the order shown; nil when they are read from the value itself, all of one status.
    var members: [Int32]?
    /// Whether the entry is one change of the difference (a value added, removed or replaced), rather than a
    /// container holding changes, an unchanged value or a member shown under a replaced container.
    var isChange: Bool
    /// The changes at and under the entry.
    var counts = ChangeCounts()

    /// The value shown: the second version's, or the first's for a value removed.
    var value: Value { new ?? old! }

    /// The JSON pointer the entry's id names (without the `-` of a value removed).
    var pointer: Substring { id.hasPrefix("-") ? id.dropFirst() : id[...] }
}
