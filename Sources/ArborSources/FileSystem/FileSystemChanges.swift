import ArborCore
import Synchronization

/// What a directory tree's source watches and whom it tells: a changed directory's kept listing is forgotten
/// and its list of children reported as changed.
final class FileSystemChanges: Sendable {
    private let observer = Mutex<(@Sendable (SourceChange) -> Void)?>(nil)
    private let listings: ListingCache<DirectoryListing>
    private let watcher = Mutex<DirectoryWatcher?>(nil)
    /// A directory shown at least this large, as `stat` gives its size (about 25,000 entries on ext4), is watched
    /// for entries created, removed or renamed, not for files written in it: to report those the kernel first
    /// marks every entry it holds in memory, 70 ms for a million, the processor not given up meanwhile.
    static let largeDirectoryBytes = 1 << 20

    init(listings: ListingCache<DirectoryListing>) {
        self.listings = listings
    }

    /// Gives the function changes are reported with.
    func observe(_ report: @escaping @Sendable (SourceChange) -> Void) {
        observer.withLock { $0 = report }
    }

    /// Watches these directories (paths as bytes) and no others; the watcher starts with the first.
    func watch(_ paths: Set<[UInt8]>) {
        let watcher = watcher.withLock { watcher in
            if watcher == nil, !paths.isEmpty {
                watcher = DirectoryWatcher(largeDirectoryBytes: Self.largeDirectoryBytes) { [weak self] in self?.changed($0) }
            }
            return watcher
        }
        watcher?.watch(paths)
    }

    private func changed(_ paths: Set<[UInt8]>) {
        let ids = paths.map { LosslessText.decode($0) }
        listings.forget(Set(ids.flatMap { ["h" + $0, "-" + $0] }))
        guard let report = observer.withLock({ $0 }) else { return }
        for id in ids.sorted() { report(.childrenChanged(of: id)) }
    }
}
