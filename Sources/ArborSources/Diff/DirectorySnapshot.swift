#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A directory tree as one JSON value to compare: each directory an object of its entries by name (sorted), each
/// file a string of its size and a hash of its content (`12 bytes · 9f3a…`), each symbolic link its target
/// (`→ target`); times and modes left out, so that a copy made later compares equal and a file rewritten with
/// other bytes is one change. Entries are reached from their directory's descriptor, their kind taken from the
/// directory listing where the file system gives it.
enum DirectorySnapshot {
    private struct Frame {
        var descriptor: Int32
        var path: String
        var entries: [(name: String, kind: UInt8)]
        var isFirst = true
    }

    /// A tree's JSON and where each regular file's value is in it.
    struct Snapshot {
        /// The tree as compact JSON.
        var json: [UInt8]
        /// Each regular file's path under the tree's top (`conf/app.json`) and the bytes of its value in ``json``,
        /// in the order written.
        var files: [(path: String, range: Range<Int>)] = []
    }

    /// The tree at `path` as compact JSON; entries that cannot be read are left out and said in `problems`.
    static func json(of path: String, problems: inout [String]) -> [UInt8] {
        snapshot(of: path, problems: &problems).json
    }

    /// The tree at `path` as compact JSON, with the place of each file's value in it.
    static func snapshot(of path: String, problems: inout [String]) -> Snapshot {
        var block = [UInt8](repeating: 0, count: 1 << 20)
        var snapshot = Snapshot(json: [UInt8(ascii: "{")])
        var frames: [Frame] = []
        guard let top = open(AT_FDCWD, path, path: path, problems: &problems) else { return Snapshot(json: Array("{}".utf8)) }
        frames.append(top)
        let topLength = path.utf8.count + 1
        while true {
            let last = frames.count - 1
            guard let (name, listed) = frames[last].entries.popLast() else {
                close(frames.removeLast().descriptor)
                snapshot.json.append(UInt8(ascii: "}"))
                if frames.isEmpty { return snapshot }
                continue
            }
            let directory = frames[last].descriptor
            let entryPath = { frames[last].path + "/" + name }
            func key() {
                if !frames[last].isFirst { snapshot.json.append(UInt8(ascii: ",")) }
                frames[last].isFirst = false
                appendQuoted(name, to: &snapshot.json)
                snapshot.json.append(UInt8(ascii: ":"))
            }
            func member(_ value: String?) {
                key()
                if let value { appendQuoted(value, to: &snapshot.json) } else { snapshot.json.append(UInt8(ascii: "{")) }
            }
            var kind = listed
            if kind == UInt8(DT_UNKNOWN) {
                var status = stat()
                guard fstatat(directory, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
                    problems.append("\(entryPath()): \(String(cString: strerror(errno)))")
                    continue
                }
                switch status.st_mode & S_IFMT {
                case S_IFDIR: kind = UInt8(DT_DIR)
                case S_IFREG: kind = UInt8(DT_REG)
                case S_IFLNK: kind = UInt8(DT_LNK)
                default: kind = UInt8(DT_FIFO)
                }
            }
            switch Int32(kind) {
            case Int32(DT_DIR):
                if let frame = open(directory, name, path: entryPath(), problems: &problems) {
                    member(nil)
                    frames.append(frame)
                }
            case Int32(DT_REG):
                if let text = file(directory, name, path: entryPath, block: &block, problems: &problems) {
                    key()
                    let start = snapshot.json.count
                    appendQuoted(text, to: &snapshot.json)
                    snapshot.files.append((String(entryPath().utf8.dropFirst(topLength))!, start..<snapshot.json.count))
                }
            case Int32(DT_LNK):
                var target = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
                let count = target.withUnsafeMutableBytes { readlinkat(directory, name, $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count - 1) }
                member("→ " + String(decoding: target[..<max(0, count)], as: UTF8.self))
            default:
                member("special file")
            }
        }
    }

    /// A directory opened with its entries but `.` and `..`, sorted by their bytes, last first.
    private static func open(_ parent: Int32, _ name: String, path: String, problems: inout [String]) -> Frame? {
        let descriptor = openat(parent, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            problems.append("\(path): \(String(cString: strerror(errno)))")
            return nil
        }
        let listing = dup(descriptor)
        guard listing >= 0, let directory = fdopendir(listing) else {
            problems.append("\(path): \(String(cString: strerror(errno)))")
            close(descriptor)
            return nil
        }
        defer { closedir(directory) }
        var entries: [(name: String, kind: UInt8)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != ".", name != ".." { entries.append((name, entry.pointee.d_type)) }
        }
        entries.sort { $1.name.utf8.lexicographicallyPrecedes($0.name.utf8) }
        return Frame(descriptor: descriptor, path: path, entries: entries)
    }

    /// A file's size and a 64-bit hash of its bytes (the same in one run for the same bytes).
    private static func file(_ directory: Int32, _ name: String, path: () -> String, block: inout [UInt8], problems: inout [String]) -> String? {
        let descriptor = openat(directory, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else {
            problems.append("\(path()): \(String(cString: strerror(errno)))")
            return nil
        }
        defer { close(descriptor) }
        var hasher = Hasher()
        var size = 0
        while true {
            let count = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            size += count
            block.withUnsafeBytes { hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
        return "\(size) bytes · " + String(UInt64(bitPattern: Int64(hasher.finalize())), radix: 16)
    }

    /// A string as JSON, quotes and backslashes escaped, control characters as `\u00XX`.
    static func appendQuoted(_ text: String, to json: inout [UInt8]) {
        json.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                json += [UInt8(ascii: "\\"), byte]
            case 0..<0x20:
                json += Array("\\u00".utf8) + [hex(byte >> 4), hex(byte & 0xF)]
            default:
                json.append(byte)
            }
        }
        json.append(UInt8(ascii: "\""))
    }

    private static func hex(_ digit: UInt8) -> UInt8 {
        digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
    }
}
