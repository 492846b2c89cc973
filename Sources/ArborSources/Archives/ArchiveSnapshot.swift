import ArborCore

/// An archive as one JSON value to compare, as ``DirectorySnapshot`` makes a directory's: each directory an object
/// of its members by name, each file its size and a hash of its content (read in one pass over the archive), each
/// link its target; and a changed member that Arbor reads as a document compared as that document.
enum ArchiveSnapshot {
    /// The archive's side of a comparison of trees.
    static func side(_ archive: ArchiveSource) -> DirectoryDocuments.Side {
        DirectoryDocuments.Side(snapshot: { problems in snapshot(of: archive, problems: &problems) }, document: { (member) throws(SourceLoadError) in
            let source = try ArchiveMemberOpening.whole(member, of: archive).hierarchy
            return Array(try DiffOpening.value(of: source, name: archive.id(ofMember: member)).compactJSON.utf8)
        })
    }

    /// The snapshot: the members' tree in the archive's order, each file's text from its hashed content.
    static func snapshot(of archive: ArchiveSource, problems: inout [String]) -> DirectorySnapshot.Snapshot {
        var texts: [String: String] = [:]
        do {
            let reader = try ArchiveReader(path: archive.path, bytes: archive.bytes)
            while let member = try reader.next() {
                guard case .file = member.kind, !member.isEncrypted else { continue }
                var hasher = Hasher()
                var size = 0
                try reader.forEachBlock { block in
                    size += block.count
                    hasher.combine(bytes: block)
                }
                texts[member.path] = "\(size) bytes · " + String(UInt64(bitPattern: Int64(hasher.finalize())), radix: 16)
            }
        } catch {
            problems.append(error.message)
        }
        var snapshot = DirectorySnapshot.Snapshot(json: [])
        append("", of: archive.listing, texts: texts, to: &snapshot)
        return snapshot
    }

    private static func append(_ directory: String, of listing: ArchiveListing, texts: [String: String], to snapshot: inout DirectorySnapshot.Snapshot) {
        snapshot.json.append(UInt8(ascii: "{"))
        for (place, path) in listing.childPaths(directory, in: 0..<Int.max).enumerated() {
            guard let member = listing.member(path) else { continue }
            if place > 0 { snapshot.json.append(UInt8(ascii: ",")) }
            DirectorySnapshot.appendQuoted(member.name, to: &snapshot.json)
            snapshot.json.append(UInt8(ascii: ":"))
            switch member.kind {
            case .directory:
                append(path, of: listing, texts: texts, to: &snapshot)
            case .file:
                let start = snapshot.json.count
                DirectorySnapshot.appendQuoted(texts[path] ?? (member.isEncrypted ? "encrypted" : "unread"), to: &snapshot.json)
                snapshot.files.append((path, start..<snapshot.json.count))
            case .symlink(let target), .hardlink(let target):
                DirectorySnapshot.appendQuoted("→ " + target, to: &snapshot.json)
            case .other:
                DirectorySnapshot.appendQuoted("special file", to: &snapshot.json)
            }
        }
        snapshot.json.append(UInt8(ascii: "}"))
    }
}
