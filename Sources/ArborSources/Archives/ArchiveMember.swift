/// One member of an archive as its header says: where it is, what it is, and its place in the archive's order.
struct ArchiveMember: Sendable, Hashable {
    /// What a member is.
    enum Kind: Sendable, Hashable {
        case file
        case directory
        case symlink(String)
        case hardlink(String)
        case other
    }

    /// Its path's parts, as written (`.` and empty parts left out; `..` is a name like any other, never a way out).
    let parts: [String]
    let kind: Kind
    /// Its size, when the header gives it.
    let size: Int64?
    /// Seconds since 1970.
    let modified: Int64
    /// Its permission bits.
    let permissions: UInt32
    let isEncrypted: Bool
    /// Its place among the archive's members, from 0; -1 for a directory only its members' paths imply.
    let index: Int
    /// Where a zip member's content is, when Arbor read the zip's directory itself.
    var location: ZipLocation?

    /// The path's parts of a header's path: split at `/` (and `\` for archives made on Windows).
    static func parts(of path: String) -> [String] {
        path.split(whereSeparator: { $0 == "/" || $0 == "\\" }).map(String.init).filter { $0 != "." && !$0.isEmpty }
    }

    /// Its path inside the archive.
    var path: String { parts.joined(separator: "/") }
    /// Its name.
    var name: String { parts.last ?? "" }
}

/// What lists an archive's members one header at a time: libarchive's reader, or a zip's own directory.
protocol ArchiveHeaders: AnyObject {
    /// The next member's header, or nil at the end; an error names the archive and where it broke.
    func next() throws(SourceLoadError) -> ArchiveMember?
    /// The archive's format, as shown.
    var format: String { get }
}
