import ArborCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a member of an archive shows: its cell (kind, size, time, mode) and its preview (a text member's first
/// lines, a directory's members, a link's target), never more than a preview's worth of it read.
enum ArchiveMemberContent {
    /// The bytes of a member a preview reads at most.
    static let previewBytes = 64 << 10

    /// A member's cell: `file · 12 KB`, `directory`, `symlink → target`; its time and mode below.
    static func content(of member: ArchiveMember) -> ItemContent {
        let size = member.size.map { ByteSize.text(Int($0)) }
        var subtitle: String
        var type: String
        switch member.kind {
        case .file:
            subtitle = "file" + (size.map { " · " + $0 } ?? "")
            // A zip says what each member takes compressed; a compressed tar only what the whole takes.
            if let compressed = member.location?.compressed, let size = member.size, compressed != size {
                subtitle += " (\(ByteSize.text(Int(compressed))) compressed)"
            }
            type = "file"
        case .directory:
            subtitle = "directory"
            type = "directory"
        case .symlink(let target):
            subtitle = "symlink → " + target
            type = "symlink"
        case .hardlink(let target):
            subtitle = "hard link → " + target
            type = "hardlink"
        case .other:
            subtitle = "special file"
            type = "other"
        }
        if member.isEncrypted { subtitle += " · encrypted" }
        let body = time(member.modified) + " · " + mode(member.permissions, directory: type == "directory")
        var fields = [ItemField(name: "name", value: member.name), ItemField(name: "type", value: type)]
        if let size = member.size { fields.append(ItemField(name: "size", value: String(size))) }
        if let compressed = member.location?.compressed { fields.append(ItemField(name: "compressed", value: String(compressed))) }
        fields.append(ItemField(name: "mtime", value: time(member.modified)))
        fields.append(ItemField(name: "mode", value: String(member.permissions, radix: 8)))
        if member.isEncrypted { fields.append(ItemField(name: "encrypted", value: "true")) }
        return ItemContent(title: member.name, subtitle: subtitle, body: body, fields: fields)
    }

    /// A member's preview: a text file's first `lines` lines, a binary one's kind, a directory's members.
    static func preview(of path: String, in archive: ArchiveSource, lines: Int) throws -> ItemPreview {
        let listing = archive.listing
        let member = listing.member(path)!
        var heading = [PreviewLine(member.name, .heading)]
        switch member.kind {
        case .directory:
            let count = listing.childCount(path) ?? 0
            heading.append(PreviewLine("\(count) " + (count == 1 ? "member" : "members"), .dim))
            return ItemPreview(lines: heading + listing.childPaths(path, in: 0..<lines).map { PreviewLine(listing.member($0)?.name ?? $0) })
        case .symlink(let target): return ItemPreview(lines: heading + [PreviewLine("symbolic link → \(target) (not followed)", .dim)])
        case .hardlink(let target): return ItemPreview(lines: heading + [PreviewLine("hard link → \(target)", .dim)])
        case .other: return ItemPreview(lines: heading + [PreviewLine("special file (not read)", .dim)])
        case .file where member.isEncrypted: return ItemPreview(lines: heading + [PreviewLine("encrypted (not read)", .dim)])
        case .file: break
        }
        let (bytes, isCut) = try archive.content(of: path, limit: previewBytes)
        return FilePreview.text(bytes, size: member.size.map { Int($0) } ?? bytes.count + (isCut ? 1 : 0), atEnd: !isCut, lines: lines)
    }

    /// A time as `2026-12-01 10:00` in UTC.
    static func time(_ seconds: Int64) -> String {
        var value = time_t(seconds)
        var parts = tm()
        gmtime_r(&value, &parts)
        func two(_ number: Int32) -> String { number < 10 ? "0\(number)" : "\(number)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) \(two(parts.tm_hour)):\(two(parts.tm_min))"
    }

    /// Permission bits as `rwxr-xr-x`.
    static func mode(_ bits: UInt32, directory: Bool) -> String {
        let letters: [Character] = ["r", "w", "x"]
        return String((0..<9).map { index in bits & (1 << (8 - UInt32(index))) != 0 ? letters[index % 3] : "-" })
    }
}
