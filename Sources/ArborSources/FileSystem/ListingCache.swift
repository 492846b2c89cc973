import Synchronization

/// The listings of the last few long lists of children opened, which their pages are read from.
final class ListingCache<Listing: Sendable>: Sendable {
    private struct Kept: Sendable {
        let key: String
        let listing: Listing
        let size: Int
    }

    /// How many listings are kept; the one used longest ago goes first.
    static var capacity: Int { 4 }
    private let kept = Mutex<[Kept]>([])
    /// The most memory the listings kept may take together, and what one takes.
    private let budget: Int
    private let size: @Sendable (Listing) -> Int

    /// A cache of the last ``capacity`` listings; with `budget`, fewer when together they would take more.
    init(budget: Int = .max, size: @escaping @Sendable (Listing) -> Int = { _ in 0 }) {
        self.budget = budget
        self.size = size
    }

    /// The listing kept under a key, which becomes the last to go.
    func listing(for key: String) -> Listing? {
        kept.withLock { all in
            guard let index = all.lastIndex(where: { $0.key == key }) else { return nil }
            let found = all.remove(at: index)
            all.append(found)
            return found.listing
        }
    }

    /// Forgets the listings kept under these keys (their directories changed).
    func forget(_ keys: Set<String>) {
        kept.withLock { all in all.removeAll { keys.contains($0.key) } }
    }

    /// Keeps a listing, replacing an older one under the same key.
    func keep(_ listing: Listing, for key: String) {
        kept.withLock { all in
            all.removeAll { $0.key == key }
            all.append(Kept(key: key, listing: listing, size: size(listing)))
            if all.count > Self.capacity { all.removeFirst() }
            while all.count > 1, all.reduce(0, { $0 + $1.size }) > budget { all.removeFirst() }
        }
    }
}
