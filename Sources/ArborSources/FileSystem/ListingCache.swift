import Synchronization

/// The listings of the last few long lists of children opened, which their pages are read from.
final class ListingCache<Listing: Sendable>: Sendable {
    private struct Kept: Sendable {
        let key: String
        let listing: Listing
    }

    /// How many listings are kept; the oldest goes first.
    static var capacity: Int { 4 }
    private let kept = Mutex<[Kept]>([])

    init() {}

    /// The listing kept under a key.
    func listing(for key: String) -> Listing? {
        kept.withLock { $0.last { $0.key == key }?.listing }
    }

    /// Forgets the listings kept under these keys (their directories changed).
    func forget(_ keys: Set<String>) {
        kept.withLock { all in all.removeAll { keys.contains($0.key) } }
    }

    /// Keeps a listing, replacing an older one under the same key.
    func keep(_ listing: Listing, for key: String) {
        kept.withLock { all in
            all.removeAll { $0.key == key }
            all.append(Kept(key: key, listing: listing))
            if all.count > Self.capacity { all.removeFirst() }
        }
    }
}
