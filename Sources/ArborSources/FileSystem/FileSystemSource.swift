import ArborCore
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A directory tree read lazily: a directory's entries are read when its column opens, on a background thread.
///
/// Ids are absolute paths (their exact bytes, through ``LosslessText``). Directories come first, then the other
/// entries, each in natural, case-insensitive order. Symbolic links are shown as such and never followed, so a
/// link loop cannot lead anywhere. The parent of the start directory can be asked for, up to `/`.
///
/// Counting a directory's entries is one read of it, done in the background for the directories listed; a short
/// directory is read ahead (one read of it and of its subdirectories for their counts); dot files are hidden.
/// Unless made with `watches: false`, the directories on screen are watched and their changes reported.
package struct FileSystemSource: HierarchySource, HiddenEntries, BackgroundCounting, ReadingAhead, WatchingShown {
    package let displayName: String
    /// The absolute path of the start directory.
    package let start: String
    private let showsHidden = SharedFlag()
    private let listings: ListingCache<DirectoryListing>
    private let changes: FileSystemChanges?

    /// Creates a source starting at `path` (made absolute against the current directory); `watches` says
    /// whether the directories on screen are watched for changes.
    package init(path: String, watches: Bool = true) {
        start = Self.absolute(path)
        displayName = start
        let listings = ListingCache<DirectoryListing>()
        self.listings = listings
        changes = watches ? FileSystemChanges(listings: listings) : nil
    }

    /// Everything is there from the start; changes come from the watch.
    package var isComplete: Bool { true }

    package func observeChanges(_ report: @escaping @Sendable (SourceChange) -> Void) {
        changes?.observe(report)
    }

    /// Watches the directories among `ids` (another id is a file, which inotify refuses as a directory).
    package func watch(_ ids: Set<String>) {
        changes?.watch(Set(ids.map(LosslessText.encode)))
    }

    package func root() async throws -> SourceRoot? {
        SourceRoot(id: start, isVirtual: false)
    }

    package func numberOfChildren(of id: String) async throws -> Int? {
        try count(of: id)
    }

    /// The ids of a range of entries, from the names alone.
    package func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        let listing = try listing(of: id)
        let prefix = Self.prefix(LosslessText.encode(id))
        return range.clamped(to: 0..<listing.count).map { LosslessText.decode(prefix + listing.name(at: $0)) }
    }

    package func parentID(of id: String) async throws -> String? {
        guard id != "/" else { return nil }
        let bytes = LosslessText.encode(id)
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        return slash == 0 ? "/" : LosslessText.decode(bytes[..<slash])
    }

    package func item(_ id: String) async throws -> SourceItem {
        guard let entry = FileEntry(path: LosslessText.encode(id)) else {
            throw SourceError("\(id): \(SourceFile.reason(errno))")
        }
        return entry.item
    }

    /// Every entry, read now (walks such as `arbor print`: no directory is read twice, counts left unknown).
    package func children(of id: String) async throws -> [SourceItem] {
        let listing = try DirectoryListing(path: LosslessText.encode(id), includeHidden: showsHidden.value)
        return items(of: id, in: 0..<listing.count, from: listing)
    }

    /// A whole listing with its first `firstBatch` entries handed on unsorted as they are read; a short one
    /// comes with its directories' counts.
    package func children(of id: String, partial: @Sendable ([SourceItem]) -> Void) async throws -> [SourceItem] {
        let listing = try read(id, handingOn: Self.firstBatch, to: partial)
        return counted(items(of: id, in: 0..<listing.count, from: listing))
    }

    /// Entries handed on unsorted before a whole listing is sorted.
    static let firstBatch = 2_000

    /// Reads and sorts a directory, handing its first `count` entries to `partial` as they are read.
    private func read(_ id: String, handingOn count: Int, to partial: @Sendable ([SourceItem]) -> Void) throws -> DirectoryListing {
        let path = LosslessText.encode(id)
        let prefix = Self.prefix(path)
        return try DirectoryListing(path: path, includeHidden: showsHidden.value, firstBatch: count) { names in
            partial(names.compactMap { FileEntry(path: prefix + $0)?.item })
        }
    }

    /// A browser's listing of at most this many entries comes with the counts of its directories; a longer one
    /// leaves them to the background counting.
    static let countedListing = 256

    private func counted(_ items: [SourceItem]) -> [SourceItem] {
        guard items.count <= Self.countedListing else { return items }
        return items.map { item in
            guard item.childCount == nil, let (count, hidden) = try? counts(of: item.id) else { return item }
            var counted = item
            counted.childCount = count
            // A directory of dot files alone would look empty: its cell says what it holds.
            if count == 0, let note = Self.hiddenNote(hidden) { counted.content.body += " · " + note }
            return counted
        }
    }

    /// What a listing that shows nothing says of the hidden entries it left out, and the key that shows them.
    static func hiddenNote(_ hidden: Int) -> String? {
        hidden == 0 ? nil : (hidden == 1 ? "1 hidden entry" : "\(hidden) hidden entries") + " (. shows them)"
    }

    /// A long directory is sorted once from its names and types; a page's entries are examined as it is read.
    package var pagesChildren: Bool { true }

    /// A short directory comes whole from the same read, its directories counted when it is short enough.
    package func pagedChildren(of id: String) async throws -> PagedChildren? {
        try await pagedChildren(of: id) { _ in }
    }

    /// While a long directory is read and sorted, its first screens of entries are shown in the order it gives
    /// them (a page: more would only be replaced, and kept in the store).
    package func pagedChildren(of id: String, partial: @Sendable ([SourceItem]) -> Void) async throws -> PagedChildren? {
        let listing = try read(id, handingOn: ChildPaging.pageSize, to: partial)
        guard listing.count > ChildPaging.threshold else {
            return PagedChildren(count: listing.count, first: counted(items(of: id, in: 0..<listing.count, from: listing)),
                                 notice: listing.count == 0 ? Self.hiddenNote(listing.hidden) : nil)
        }
        listings.keep(listing, for: listingKey(id))
        return PagedChildren(count: listing.count, first: items(of: id, in: 0..<ChildPaging.pageSize, from: listing))
    }

    package func children(of id: String, in range: Range<Int>) async throws -> [SourceItem] {
        items(of: id, in: range, from: try listing(of: id))
    }

    package func position(of childID: String, in parent: String) async throws -> Int? {
        let child = LosslessText.encode(childID)
        guard let slash = child.lastIndex(of: UInt8(ascii: "/")),
              LosslessText.encode(try await parentID(of: childID) ?? "") == LosslessText.encode(parent)
        else { return nil }
        return try listing(of: parent).position(of: Array(child[(slash + 1)...]))
    }

    /// The listing kept for a directory, or a new one.
    func listing(of id: String) throws -> DirectoryListing {
        if let kept = listings.listing(for: listingKey(id)) { return kept }
        let listing = try DirectoryListing(path: LosslessText.encode(id), includeHidden: showsHidden.value)
        listings.keep(listing, for: listingKey(id))
        return listing
    }

    /// A directory's listings with and without hidden entries are kept apart.
    private func listingKey(_ id: String) -> String { (showsHidden.value ? "h" : "-") + id }

    /// The entries at a range of a listing, examined now; one that vanished since the listing shows as gone.
    private func items(of id: String, in range: Range<Int>, from listing: DirectoryListing) -> [SourceItem] {
        let prefix = Self.prefix(LosslessText.encode(id))
        return range.clamped(to: 0..<listing.count).map { position in
            let entryPath = prefix + listing.name(at: position)
            if let entry = FileEntry(path: entryPath) { return entry.item }
            let name = LosslessText.decode(Array(listing.name(at: position)))
            return SourceItem(id: LosslessText.decode(entryPath), content: ItemContent(title: name, subtitle: "gone"), childCount: 0)
        }
    }

    /// A find walks within a bound: every item costs a request.
    package var searchBound: SearchBound { .lazyDefault }

    /// Entries whose names start with `.` are hidden until this is set.
    package func setShowsHidden(_ shows: Bool) -> Bool {
        showsHidden.value = shows
        return true
    }

    /// A directory's path with the slash its entries' names follow.
    static func prefix(_ path: [UInt8]) -> [UInt8] {
        path == [UInt8(ascii: "/")] ? path : path + [UInt8(ascii: "/")]
    }

    /// The number of entries a directory shows, from its names alone: no `lstat`, no sorting.
    func count(of id: String) throws -> Int {
        try counts(of: id).shown
    }

    /// How many entries a directory shows, and how many hidden ones it leaves out.
    func counts(of id: String) throws -> (shown: Int, hidden: Int) {
        var count = 0
        let hidden = try DirectoryListing.forEachName(in: LosslessText.encode(id), includeHidden: showsHidden.value) { _, _ in count += 1 }
        return (count, hidden)
    }

    /// Calls `body` with the name of each entry a directory shows (see ``DirectoryListing/forEachName``).
    private func forEachShownName(of id: String, _ body: (UnsafeRawBufferPointer) -> Void) throws {
        try DirectoryListing.forEachName(in: LosslessText.encode(id), includeHidden: showsHidden.value) { name, _ in body(name) }
    }

    static func absolute(_ path: String) -> String {
        var bytes = Array(path.utf8)
        if bytes.first != UInt8(ascii: "/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let cwd = getcwd(&buffer, buffer.count).map { String(cString: $0) } ?? "/"
            bytes = Array(cwd.utf8) + [UInt8(ascii: "/")] + bytes
        }
        var parts: [ArraySlice<UInt8>] = []
        for part in bytes.split(separator: UInt8(ascii: "/")) {
            if part.elementsEqual([UInt8(ascii: ".")]) { continue }
            if part.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
                _ = parts.popLast()
                continue
            }
            parts.append(part)
        }
        return "/" + parts.map { String(decoding: $0, as: UTF8.self) }.joinedText(separator: "/")
    }
}

/// A flag shared by the copies of a source and read from any thread.
final class SharedFlag: Sendable {
    private let state = Mutex(false)

    var value: Bool {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }
}

extension Array where Element == UInt8 {
    /// Calls `body` with the bytes as a NUL-terminated C string.
    func withNullTerminated<Result>(_ body: (UnsafePointer<CChar>) -> Result) -> Result {
        (self + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }
}

extension FileSystemSource {
    /// What it does beyond answering, given from its type so that no cast asks before the first frame
    /// (`SourceCapabilitiesTests` checks these against the casts).
    package var capabilities: SourceCapabilities {
        SourceCapabilities(hiddenEntries: self, countsInBackground: true, readsAhead: true, reporting: self, watching: self,
                           previewing: self, locating: self)
    }
}
