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
    var members: [DiffSlot]?
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

/// A member of a container compared member by member, as its entry lists it: an entry of the tree, or an
/// element both versions hold equal, which has no entry (a long list with few changes costs a word an element)
/// and is read from the container's value, at its place in the second version, when shown.
struct DiffSlot: Sendable, Equatable {
    private let raw: Int32

    /// The slot of an entry.
    static func entry(_ index: Int32) -> DiffSlot { DiffSlot(raw: index) }

    /// The slot of an unchanged element at `position` in the second version.
    static func unchanged(_ position: Int) -> DiffSlot { DiffSlot(raw: -1 - Int32(position)) }

    /// The entry, or nil for an unchanged element.
    var entry: Int32? { raw >= 0 ? raw : nil }

    /// The unchanged element's place in the second version, or nil for an entry.
    var unchangedPosition: Int? { raw < 0 ? Int(-1 - raw) : nil }
}
