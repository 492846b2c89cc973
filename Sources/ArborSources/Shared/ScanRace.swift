import Synchronization

/// Tells a document scan running beside a tree scan over the same bytes that the bytes are an object tree,
/// so that it stops instead of finishing an index nobody will use.
final class ScanRace: Sendable {
    private let found = Atomic<Bool>(false)

    /// Whether the tree scan has found the first object's children array.
    var treeFound: Bool { found.load(ordering: .relaxed) }

    /// Says the bytes are an object tree.
    func foundTree() { found.store(true, ordering: .relaxed) }
}
