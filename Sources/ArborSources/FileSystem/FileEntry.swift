import ArborCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One directory entry as `lstat` sees it.
struct FileEntry {
    /// The kind, named as a query's `type` field names it.
    enum Kind: String { case directory, file, symlink, other }

    let id: String
    let name: String
    let kind: Kind
    let size: Int64
    let modified: Int
    let mode: UInt32
    let target: String?

    /// Reads an entry; nil when it vanished or cannot be examined.
    init?(path: [UInt8]) {
        var status = stat()
        guard path.withNullTerminated({ lstat($0, &status) }) == 0 else { return nil }
        id = LosslessText.decode(path)
        // The last component, trailing slashes aside; "/" names itself.
        var end = path.endIndex
        while end > path.startIndex, path[end - 1] == UInt8(ascii: "/") { end -= 1 }
        let start = path[..<end].lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? path.startIndex
        let nameBytes = end > start ? Array(path[start..<end]) : path
        name = LosslessText.decode(nameBytes)
        switch status.st_mode & S_IFMT {
        case S_IFDIR: kind = .directory
        case S_IFREG: kind = .file
        case S_IFLNK: kind = .symlink
        default: kind = .other
        }
        size = Int64(status.st_size)
        modified = Int(status.st_mtim.tv_sec)
        mode = UInt32(status.st_mode)
        if kind == .symlink {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = path.withNullTerminated { readlink($0, &buffer, buffer.count - 1) }
            target = count >= 0 ? LosslessText.decode(buffer[0..<count].map { UInt8(bitPattern: $0) }) : nil
        } else {
            target = nil
        }
    }

    /// The item shown: kind and size as subtitle, modification time and permissions as body.
    var item: SourceItem {
        let subtitle: String
        switch kind {
        case .directory: subtitle = "directory"
        case .file: subtitle = "file · " + ByteSize.text(Int(size))
        case .symlink: subtitle = "symlink → " + (target ?? "?")
        case .other: subtitle = "special file"
        }
        let body = Self.formatTime(modified) + " · " + Self.permissions(mode)
        let content = ItemContent(title: name, subtitle: subtitle, body: body, fields: [
            ItemField(name: "path", value: id), ItemField(name: "size", value: String(size)),
            ItemField(name: "name", value: name), ItemField(name: "type", value: kind.rawValue),
            ItemField(name: "mtime", value: Self.isoTime(modified)), ItemField(name: "mode", value: "0" + String(mode & 0o7777, radix: 8)),
        ])
        return SourceItem(id: id, content: content, childCount: kind == .directory ? nil : 0)
    }

    static func formatTime(_ seconds: Int) -> String {
        let (date, hour, minute, _) = timeParts(seconds, utc: false)
        return "\(date) \(hour):\(minute)"
    }

    /// A time as ISO 8601 in UTC (`2026-11-25T04:03:15Z`), which sorts and compares as text.
    static func isoTime(_ seconds: Int) -> String {
        let (date, hour, minute, second) = timeParts(seconds, utc: true)
        return "\(date)T\(hour):\(minute):\(second)Z"
    }

    /// The date (`2026-11-25`) and the two-digit hour, minute and second of a time, local or in UTC.
    private static func timeParts(_ seconds: Int, utc: Bool) -> (String, String, String, String) {
        var time = time_t(seconds)
        var parts = tm()
        if utc { gmtime_r(&time, &parts) } else { localtime_r(&time, &parts) }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return ("\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))", two(parts.tm_hour), two(parts.tm_min), two(parts.tm_sec))
    }

    static func permissions(_ mode: UInt32) -> String {
        let letters: [Character] = ["r", "w", "x"]
        return String((0..<9).map { bit in mode & (1 << (8 - UInt32(bit))) != 0 ? letters[bit % 3] : "-" })
    }
}
