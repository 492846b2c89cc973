import Synchronization

/// Tells a document scan running beside a tree scan over the same bytes that the bytes are an object tree,
/// so that it stops instead of finishing an index nobody will use.
final class ScanRace: Sendable {
    private let found = Atomic<Bool>(false)
    private let deferred = Atomic<Bool>(false)

    /// Whether the tree scan has found the first object's children array.
    var treeFound: Bool { found.load(ordering: .relaxed) }

    /// Says the bytes are an object tree.
    func foundTree() { found.store(true, ordering: .relaxed) }

    /// Whether the tree scan stopped undecided at a large value of the first object, leaving the question to be
    /// asked again of the document index.
    var treeDeferred: Bool { deferred.load(ordering: .relaxed) }

    /// Says the tree scan stopped undecided.
    func deferTree() { deferred.store(true, ordering: .relaxed) }
}
