/// An archive's members as a tree: each directory's members in the archive's order, with the directories that
/// only their members' paths imply. A path written twice is the last member written (as extracting the archive
/// would leave it). Held compactly (a name, a parent and a header's facts a member, found by directory and name
/// through ``ArchiveNameTable``), so that a listing of a million members stays within about a hundred bytes each.
struct ArchiveListing: Sendable {
    /// One member or implied directory.
    private struct Entry: Sendable {
        var name: String
        var parent: Int32
        var kind: ArchiveMember.Kind
        /// Its size; -1 when the header does not give it.
        var size: Int64
        var modified: Int64
        var permissions: UInt16
        var isEncrypted: Bool
        var index: Int32
        /// A zip member's local header and compressed size, as Arbor read the zip's directory; -1 otherwise.
        var offset: Int64
        var compressed: Int64
        /// A directory's members, in the archive's order; nil for anything else.
        var children: [Int32]?

        init(name: String, parent: Int32, kind: ArchiveMember.Kind, size: Int64?, modified: Int64, permissions: UInt32,
             isEncrypted: Bool, index: Int32, location: ZipLocation?, children: [Int32]?) {
            self.name = name
            self.parent = parent
            self.kind = kind
            self.size = size ?? -1
            self.modified = modified
            self.permissions = UInt16(truncatingIfNeeded: permissions)
            self.isEncrypted = isEncrypted
            self.index = index
            offset = location?.offset ?? -1
            compressed = location?.compressed ?? -1
            self.children = children
        }

        var location: ZipLocation? { offset < 0 ? nil : ZipLocation(offset: offset, compressed: compressed) }
    }

    private var entries = ChunkedEntries(Entry(name: "", parent: -1, kind: .directory, size: nil, modified: 0, permissions: 0o755,
                                               isEncrypted: false, index: -1, location: nil, children: []))
    private var names = ArchiveNameTable()
    /// The archive's format and compression, as libarchive names them.
    var format = ""
    /// Why the listing stopped before the archive's end, when it did.
    var problem: String?

    /// Reads every header of the archive `reader` reads, skipping the members' content. A compressed file that
    /// holds no archive has one member, its content, named `rawName` (`notes.json` for `notes.json.gz`).
    init(_ reader: any ArchiveHeaders, rawName: String) {
        _ = read(from: reader, rawName: rawName) { false }
    }

    /// An empty listing, to be read into.
    init() {}

    /// Whether no member has been listed.
    var isEmpty: Bool { entries.count == 1 }

    /// Reads headers until the archive ends (true) or `shouldPause` says to stop for now (false).
    mutating func read(from reader: any ArchiveHeaders, rawName: String, shouldPause: () -> Bool) -> Bool {
        do {
            while let member = try reader.next() {
                add(member)
                if shouldPause() {
                    format = reader.format
                    return false
                }
            }
        } catch {
            problem = error.message
        }
        format = reader.format
        nameRawContent(rawName)
        return true
    }

    /// The member or implied directory at `path` (`""`: the top).
    /// The place of the entry at `path` (`""`: the top), its parts as a member's path joins them.
    private func place(of path: String) -> Int32? {
        if path.isEmpty { return 0 }
        var place: Int32 = 0
        for part in path.split(separator: "/", omittingEmptySubsequences: false) {
            guard !part.isEmpty, part != ".", let found = child(named: String(part), of: place) else { return nil }
            place = found
        }
        return place
    }

    private func child(named name: String, of parent: Int32) -> Int32? {
        names.find(parent: parent, name: name) { (entries[Int($0)].parent, entries[Int($0)].name) }
    }

    func member(_ path: String) -> ArchiveMember? {
        guard let place = place(of: path) else { return nil }
        let entry = entries[Int(place)]
        return ArchiveMember(parts: ArchiveMember.parts(of: path), kind: entry.kind, size: entry.size < 0 ? nil : entry.size,
                             modified: entry.modified, permissions: UInt32(entry.permissions), isEncrypted: entry.isEncrypted, index: Int(entry.index), location: entry.location)
    }

    /// How many members a directory holds; nil when `path` is not a directory.
    func childCount(_ path: String) -> Int? {
        place(of: path).flatMap { entries[Int($0)].children?.count }
    }

    /// The paths of a directory's members at a range of places.
    func childPaths(_ path: String, in range: Range<Int>) -> [String] {
        guard let place = place(of: path), let children = entries[Int(place)].children else { return [] }
        let prefix = path.isEmpty ? "" : path + "/"
        return children[range.clamped(to: children.indices)].map { prefix + entries[Int($0)].name }
    }

    /// The place of the member at `path` among its directory's members.
    func position(of path: String) -> Int? {
        guard let place = place(of: path) else { return nil }
        return entries[Int(entries[Int(place)].parent)].children?.firstIndex(of: place)
    }

    /// A compressed file's one member (libarchive's `data`) named after the file.
    private mutating func nameRawContent(_ rawName: String) {
        guard format.hasPrefix("raw"), entries.count == 2, let content = child(named: "data", of: 0) else { return }
        entries[Int(content)].name = rawName
        names = ArchiveNameTable()
        names.insert(content) { (entries[Int($0)].parent, entries[Int($0)].name) }
    }

    /// Adds a member under its directory, making the directories above it that are not members themselves.
    mutating func add(_ member: ArchiveMember) {
        guard !member.parts.isEmpty else { return }
        var parent: Int32 = 0
        for (depth, part) in member.parts.enumerated() {
            let isLast = depth == member.parts.count - 1
            if let found = child(named: part, of: parent) {
                if isLast {
                    var replaced = entry(of: member, parent: parent)
                    replaced.children = entries[Int(found)].children ?? replaced.children
                    entries[Int(found)] = replaced
                } else if entries[Int(found)].children == nil {
                    entries[Int(found)].children = []
                }
                parent = found
                continue
            }
            let made: Entry = isLast ? entry(of: member, parent: parent)
                : Entry(name: part, parent: parent, kind: .directory, size: nil, modified: member.modified, permissions: 0o755,
                        isEncrypted: false, index: -1, location: nil, children: [])
            let place = Int32(entries.count)
            entries.append(made)
            names.insert(place) { (entries[Int($0)].parent, entries[Int($0)].name) }
            entries[Int(parent)].children?.append(place)
            parent = place
        }
    }

    private func entry(of member: ArchiveMember, parent: Int32) -> Entry {
        var isDirectory = false
        if case .directory = member.kind { isDirectory = true }
        return Entry(name: member.name, parent: parent, kind: member.kind, size: member.size, modified: member.modified,
                     permissions: member.permissions, isEncrypted: member.isEncrypted, index: Int32(member.index),
                     location: member.location, children: isDirectory ? [] : nil)
    }
}

/// A growing list of entries held in chunks of 4,096, so that growing never copies the whole list (an array
/// doubling its storage holds the old and the new at once: for a million members, a hundred MiB for a moment).
private struct ChunkedEntries<Element: Sendable>: Sendable {
    private var chunks: [[Element]]
    private(set) var count: Int
    private static var chunkSize: Int { 4096 }

    init(_ first: Element) {
        chunks = [[first]]
        chunks[0].reserveCapacity(Self.chunkSize)
        count = 1
    }

    subscript(index: Int) -> Element {
        get { chunks[index / Self.chunkSize][index % Self.chunkSize] }
        _modify { yield &chunks[index / Self.chunkSize][index % Self.chunkSize] }
    }

    mutating func append(_ element: Element) {
        if count % Self.chunkSize == 0 {
            var chunk: [Element] = []
            chunk.reserveCapacity(Self.chunkSize)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(element)
        count += 1
    }
}
