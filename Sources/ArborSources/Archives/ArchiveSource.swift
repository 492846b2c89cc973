import ArborCore
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An archive browsed as the directory tree it holds, never extracted: zip (and jar, whl, docx...), tar plain
/// or compressed, 7z, ar (`.deb`), cpio, ISO 9660, through libarchive. Its members are listed from their
/// headers; a member's content is read when it is previewed or entered. A member in a format Arbor reads opens
/// as what it holds, and a member that is itself an archive opens as one.
///
/// A member's id is the archive's id, `/`, and its path in the archive (`app.whl/pkg/data/schema.json`); an item
/// inside a member is the member's id, `#`, and its id there (`…/schema.json#/properties`).
package final class ArchiveSource: HierarchySource, PreviewingItems, LocatingItems, ChangeReporting {
    package let displayName: String
    /// The id of the archive itself, the top: its path (empty for an archive read from another's member).
    let rootID: String
    /// Where the archive is read from: its file, or the bytes of the member holding it.
    let path: String
    let bytes: [UInt8]?
    let request: SourceRequest
    struct State {
        var listing: ArchiveListing
        var isComplete: Bool
        var observer: (@Sendable (SourceChange) -> Void)?
        /// The archive file's version listed (``SourceFile/version(_:)``); nil for an archive in a member.
        var version: [Int]?
        /// What follows the archive file once the browser observes it.
        var watcher: DirectoryWatcher?
        /// Whether the last version of the file did not list (the one before it is shown).
        var troubled = false
        /// The content of the member the listing ended on, read with its header (``ArchiveReader/kept``).
        var last: (index: Int, bytes: [UInt8])?
    }

    let state: Mutex<State>
    /// Whether the archive file is being listed again.
    let relisting = Mutex(false)
    /// The members listed so far (all of them once ``isComplete``).
    var listing: ArchiveListing { state.withLock { $0.listing } }
    /// Seconds of listing before the browser is shown the members listed so far, the rest listed meanwhile.
    static let firstPartSeconds = 0.015
    /// Seconds between two showings of a listing still growing.
    static let growingSeconds = 0.25
    /// Seconds of headers read at a time into the listing shown, which is locked meanwhile.
    static let batchSeconds = 0.004
    /// The members opened as what they hold, most recently used last.
    let opened = Mutex<[(member: String, source: any HierarchySource)]>([])
    /// How many opened members are kept.
    static let keptMembers = 8

    /// Lists the archive at `path` (or in `bytes`), whose id is `rootID`; members open as `request` would open
    /// files. An archive that breaks after its first members shows them, and `problems` say where. Opened for the
    /// browser (`request.showsFirstPart`), a long listing shows its first members while the rest is listed, once
    /// the first frame is drawn, on another thread, in the same pass over the archive.
    package init(path: String, bytes: [UInt8]? = nil, rootID: String, request: SourceRequest) throws(SourceLoadError) {
        self.path = path
        self.bytes = bytes
        self.rootID = rootID
        self.request = request
        let name = JSONTreeReader.displayName(for: path)
        displayName = name
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        let rawName = stem.isEmpty ? "data" : stem
        let reader: any ArchiveHeaders
        if bytes == nil, Self.startsAsZip(path), let zip = ZipDirectory(path: path) {
            reader = zip
        } else {
            let archive = try ArchiveReader(path: path, bytes: bytes)
            archive.keepsLast = true
            reader = archive
        }
        var listing = ArchiveListing()
        let started = MonotonicClock.seconds()
        var counted = 0
        let shows = request.showsFirstPart
        let complete = listing.read(from: reader, rawName: rawName) {
            counted += 1
            return shows && counted % 64 == 0 && MonotonicClock.seconds() - started > Self.firstPartSeconds
        }
        if listing.isEmpty, let problem = listing.problem { throw SourceLoadError(problem) }
        state = Mutex(State(listing: listing, isComplete: complete, version: bytes == nil ? SourceFile.version(path) : nil,
                            last: complete ? (reader as? ArchiveReader)?.kept : nil))
        if !complete { listRest(from: ArchiveReaderHandoff(reader: reader), rawName: rawName) }
    }

    /// Lists the rest of the archive on another thread, into the listing shown (a few milliseconds of headers at
    /// a time, so that no copy of the listing is made), telling the browser every ``growingSeconds``.
    private func listRest(from handoff: ArchiveReaderHandoff, rawName: String) {
        let firstFrame = request.firstFrame
        WorkerThreads.start { [self] in
            firstFrame.wait()
            var shown = MonotonicClock.seconds()
            while true {
                let started = MonotonicClock.seconds()
                var counted = 0
                let (complete, observer, problem) = state.withLock { state in
                    let complete = state.listing.read(from: handoff.reader, rawName: rawName) {
                        counted += 1
                        return counted % 64 == 0 && MonotonicClock.seconds() - started > Self.batchSeconds
                    }
                    state.isComplete = complete
                    if complete { state.last = (handoff.reader as? ArchiveReader)?.kept }
                    return (complete, state.observer, state.listing.problem)
                }
                if complete {
                    observer?(.completed(problem: problem))
                    return
                }
                if MonotonicClock.seconds() - shown > Self.growingSeconds {
                    shown = MonotonicClock.seconds()
                    observer?(.reloaded)
                }
            }
        }
    }

    package var isComplete: Bool { state.withLock { $0.isComplete } }

    package func observeChanges(_ report: @escaping @Sendable (SourceChange) -> Void) {
        state.withLock { $0.observer = report }
        follow()
    }

    package var pagesChildren: Bool { true }
    package var searchBound: SearchBound { .lazyDefault }

    /// Where an id is: the top, a member, or an item inside a member that opens.
    enum Place {
        case top
        case member(String)
        case inside(member: String, inner: String)
    }

    func place(of id: String) throws -> Place {
        if id == rootID { return .top }
        let rest: Substring
        if rootID.isEmpty {
            rest = id[...]
        } else {
            guard id.hasPrefix(rootID + "/") else { throw SourceError("\(displayName): no item '\(id)'") }
            rest = id.dropFirst(rootID.count + 1)
        }
        if listing.member(String(rest)) != nil { return .member(String(rest)) }
        var index = rest.startIndex
        while let mark = rest[index...].firstIndex(of: "#") {
            let member = String(rest[..<mark])
            if let found = listing.member(member), case .file = found.kind, opens(member) {
                return .inside(member: member, inner: String(rest[rest.index(after: mark)...]))
            }
            index = rest.index(after: mark)
        }
        throw SourceError("\(displayName): no member '\(rest)'")
    }

    func id(ofMember member: String) -> String {
        rootID.isEmpty ? member : rootID + "/" + member
    }

    /// Whether a member opens as what it holds, by its name: an archive always (it is a directory), a document
    /// Arbor reads from bytes where Arbor crosses into what items hold (the browser, `--into`).
    func opens(_ member: String) -> Bool {
        if ArchiveKind.namesArchive(member) { return true }
        return request.crossesInto && NestedDocumentsSource.opensByName(Array(member.utf8)) && SourceFormat.byExtension(member) != .sqlite
    }

    package func root() async throws -> SourceRoot? { SourceRoot(id: rootID, isVirtual: false) }

    package func numberOfChildren(of id: String) async throws -> Int? {
        switch try place(of: id) {
        case .top: return listing.childCount("") ?? 0
        case .member(let member):
            if let count = listing.childCount(member) { return count }
            guard opens(member) else { return 0 }
            let (source, rootID) = try await openedMember(member)
            guard source.capabilities.reporting?.isComplete != false else { return nil }
            return try await source.numberOfChildren(of: rootID)
        case .inside(let member, let inner):
            // A member shown from its first part is counted once it is whole (its completion is reported): a
            // count asked meanwhile would wait for the rest.
            let source = try await openedMember(member).source
            guard source.capabilities.reporting?.isComplete != false else { return nil }
            return try await source.numberOfChildren(of: inner)
        }
    }

    package func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        try await children(of: id, in: range).map(\.id)
    }

    package func parentID(of id: String) async throws -> String? {
        switch try place(of: id) {
        case .top: return nil
        case .member(let member):
            let parts = ArchiveMember.parts(of: member)
            return parts.count <= 1 ? rootID : self.id(ofMember: parts.dropLast().joined(separator: "/"))
        case .inside(let member, let inner):
            let (source, rootID) = try await openedMember(member)
            guard let parent = try await source.parentID(of: inner) else { return self.id(ofMember: member) }
            return outer(parent, member: member, root: rootID)
        }
    }

    package func item(_ id: String) async throws -> SourceItem {
        switch try place(of: id) {
        case .top:
            return SourceItem(id: rootID, content: ItemContent(title: displayName, subtitle: listing.format),
                              childCount: listing.childCount("") ?? 0)
        case .member(let member): return item(ofMember: member)
        case .inside(let member, let inner):
            let (source, rootID) = try await openedMember(member)
            var item = try await source.item(inner)
            item.id = outer(item.id, member: member, root: rootID)
            return item
        }
    }

    package func children(of id: String) async throws -> [SourceItem] {
        try await children(of: id, in: 0..<Int(Int32.max))
    }

    package func children(of id: String, in range: Range<Int>) async throws -> [SourceItem] {
        let place = try place(of: id)
        let directory: String
        switch place {
        case .top: directory = ""
        case .member(let member) where listing.childCount(member) != nil: directory = member
        case .member(let member):
            guard opens(member) else { return [] }
            let (source, rootID) = try await openedMember(member)
            return try await source.children(of: rootID, in: range).map { inner(of: $0, member: member, root: rootID) }
        case .inside(let member, let innerID):
            let (source, rootID) = try await openedMember(member)
            return try await source.children(of: innerID, in: range).map { inner(of: $0, member: member, root: rootID) }
        }
        let listing = listing
        return listing.childPaths(directory, in: range).map { item(ofMember: $0, in: listing) }
    }

    package func position(of childID: String, in parentID: String) async throws -> Int? {
        if case .member(let member) = try place(of: childID), case .top = try place(of: parentID) {
            return listing.position(of: member)
        }
        return try await childIDs(of: parentID, in: 0..<Int(Int32.max)).firstIndex(of: childID)
    }

    private func outer(_ innerID: String, member: String, root: String) -> String {
        innerID == root ? id(ofMember: member) : id(ofMember: member) + "#" + innerID
    }

    private func inner(of item: SourceItem, member: String, root: String) -> SourceItem {
        var item = item
        item.id = outer(item.id, member: member, root: root)
        return item
    }

    /// A member's item: a directory with its members counted, a file with its size (and the icon when it opens),
    /// a link with its target.
    func item(ofMember path: String, in listing: ArchiveListing? = nil) -> SourceItem {
        let listing = listing ?? self.listing
        let member = listing.member(path)!
        var content = ArchiveMemberContent.content(of: member)
        content.fields.append(ItemField(name: "path", value: path))
        let count: Int?
        switch member.kind {
        case .directory: count = listing.childCount(path) ?? 0
        case .file: count = opens(path) && !member.isEncrypted ? nil : 0
        default: count = 0
        }
        return SourceItem(id: id(ofMember: path), content: content, childCount: count)
    }

    /// The most a member's content read to open or preview it may take: the input ceiling's share.
    var memberLimit: Int { request.ceiling.streamShare }

    /// Whether the file at `path` starts as a zip does (a local header, or the end record of an empty zip).
    static func startsAsZip(_ path: String) -> Bool {
        guard let file = fopen(path, "rb") else { return false }
        defer { fclose(file) }
        var magic = [UInt8](repeating: 0, count: 4)
        return fread(&magic, 1, 4, file) == 4 && (magic == [0x50, 0x4B, 0x03, 0x04] || magic == [0x50, 0x4B, 0x05, 0x06])
    }
}

/// Hands an archive's reader to the thread that lists the rest; the opening thread no longer touches it.
struct ArchiveReaderHandoff: @unchecked Sendable {
    let reader: any ArchiveHeaders
}
