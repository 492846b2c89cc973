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

    /// A time as the cell shows it, local (`2026-11-25 05:03`).
    static func formatTime(_ seconds: Int) -> String {
        timeText(brokenDown(seconds, utc: false), between: UInt8(ascii: " "), seconds: false)
    }

    /// A time as ISO 8601 in UTC (`2026-11-25T04:03:15Z`), which sorts and compares as text.
    static func isoTime(_ seconds: Int) -> String {
        timeText(brokenDown(seconds, utc: true), between: UInt8(ascii: "T"), seconds: true)
    }

    // The texts are written byte by byte into the string's own storage: every entry of a listing has three of
    // them, and built from interpolated strings they were most of the listing's time (15,000 instructions an entry).
    private static func brokenDown(_ seconds: Int, utc: Bool) -> tm {
        var time = time_t(seconds)
        var parts = tm()
        if utc { gmtime_r(&time, &parts) } else { localtime_r(&time, &parts) }
        return parts
    }

    /// The date (`2026-11-25`), `between`, the hour and minute (`05:03`), with `seconds` the seconds and a `Z`.
    private static func timeText(_ parts: tm, between: UInt8, seconds: Bool) -> String {
        let year = Int(parts.tm_year) + 1900
        let yearDigits = (1000...9999).contains(year) ? [] : Array(String(year).utf8)
        return String(unsafeUninitializedCapacity: yearDigits.count + 24) { buffer in
            var count = 0
            func put(_ byte: UInt8) {
                buffer[count] = byte
                count += 1
            }
            func two(_ value: Int) {
                let digits = value.magnitude % 100
                put(UInt8(ascii: "0") + UInt8(digits / 10))
                put(UInt8(ascii: "0") + UInt8(digits % 10))
            }
            if yearDigits.isEmpty {
                two(year / 100)
                two(year % 100)
            } else {
                yearDigits.forEach(put)
            }
            put(UInt8(ascii: "-"))
            two(Int(parts.tm_mon) + 1)
            put(UInt8(ascii: "-"))
            two(Int(parts.tm_mday))
            put(between)
            two(Int(parts.tm_hour))
            put(UInt8(ascii: ":"))
            two(Int(parts.tm_min))
            if seconds {
                put(UInt8(ascii: ":"))
                two(Int(parts.tm_sec))
                put(UInt8(ascii: "Z"))
            }
            return count
        }
    }

    /// The permission bits as `ls -l` writes them (`rwxr-x---`).
    static func permissions(_ mode: UInt32) -> String {
        String(unsafeUninitializedCapacity: 9) { buffer in
            for bit in 0..<9 {
                let letter: UInt8 = bit % 3 == 0 ? UInt8(ascii: "r") : bit % 3 == 1 ? UInt8(ascii: "w") : UInt8(ascii: "x")
                buffer[bit] = mode & (1 << (8 - UInt32(bit))) != 0 ? letter : UInt8(ascii: "-")
            }
            return 9
        }
    }
}
