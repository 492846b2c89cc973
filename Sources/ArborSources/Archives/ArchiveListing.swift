/// An archive's members as a tree: each directory's members by path, in the archive's order, with the
/// directories that only their members' paths imply. A path written twice is the last member written (as
/// extracting the archive would leave it).
struct ArchiveListing: Sendable {
    /// Every member and implied directory, by path (`""` is the top).
    private(set) var members: [String: ArchiveMember] = [:]
    /// The paths under each directory's path, in the archive's order.
    private(set) var children: [String: [String]] = ["": []]
    /// The archive's format and compression, as libarchive names them.
    var format = ""
    /// Why the listing stopped before the archive's end, when it did.
    var problem: String?

    /// Reads every header of the archive `reader` reads, skipping the members' content. A compressed file that
    /// holds no archive has one member, its content, named `rawName` (`notes.json` for `notes.json.gz`).
    init(_ reader: ArchiveReader, rawName: String) {
        _ = read(from: reader, rawName: rawName) { false }
    }

    /// An empty listing, to be read into.
    init() {}

    /// Reads headers until the archive ends (true) or `shouldPause` says to stop for now (false).
    mutating func read(from reader: ArchiveReader, rawName: String, shouldPause: () -> Bool) -> Bool {
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

    /// A compressed file's one member (libarchive's `data`) named after the file.
    private mutating func nameRawContent(_ rawName: String) {
        if format.hasPrefix("raw"), let content = members["data"], members.count == 1 {
            let named = ArchiveMember(parts: [rawName], kind: content.kind, size: content.size, modified: content.modified,
                                      permissions: content.permissions, isEncrypted: false, index: content.index)
            members = [rawName: named]
            children = ["": [rawName]]
        }
    }

    /// Adds a member under its directory, making the directories above it that are not members themselves.
    mutating func add(_ member: ArchiveMember) {
        guard !member.parts.isEmpty else { return }
        var parent = ""
        for depth in 0..<(member.parts.count - 1) {
            let path = member.parts[...depth].joined(separator: "/")
            if members[path] == nil {
                members[path] = ArchiveMember(parts: Array(member.parts[...depth]), kind: .directory, size: nil, modified: member.modified,
                                              permissions: 0o755, isEncrypted: false, index: -1)
                children[parent, default: []].append(path)
                children[path] = []
            }
            parent = path
        }
        let path = member.path
        if members[path] == nil { children[parent, default: []].append(path) }
        if case .directory = member.kind, children[path] == nil { children[path] = [] }
        members[path] = member
    }
}
