import Synchronization

/// The sorted listings of the last few long directories opened, which their pages are read from.
final class ListingCache: Sendable {
    private struct Kept {
        let id: String
        let hidden: Bool
        let listing: DirectoryListing
    }

    /// How many listings are kept; the oldest goes first.
    static let capacity = 4
    private let kept = Mutex<[Kept]>([])

    /// The listing kept for a directory, read with or without hidden entries.
    func listing(for id: String, hidden: Bool) -> DirectoryListing? {
        kept.withLock { $0.last { $0.id == id && $0.hidden == hidden }?.listing }
    }

    /// Keeps a listing, replacing an older one of the same directory.
    func keep(_ listing: DirectoryListing, for id: String, hidden: Bool) {
        kept.withLock { all in
            all.removeAll { $0.id == id && $0.hidden == hidden }
            all.append(Kept(id: id, hidden: hidden, listing: listing))
            if all.count > Self.capacity { all.removeFirst() }
        }
    }
}
