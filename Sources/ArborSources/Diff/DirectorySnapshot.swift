import ArborPath
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A directory tree as one JSON value to compare: each directory an object of its entries by name (sorted), each
/// file a string of its size and a hash of its content (`12 bytes · 9f3a…`), each symbolic link its target
/// (`→ target`); times and modes left out, so that a copy made later compares equal and a file rewritten with
/// other bytes is one change.
enum DirectorySnapshot {
    /// The value of the tree at `path`; entries that cannot be read are left out and said in `problems`.
    static func value(of path: String, problems: inout [String]) -> JSONPathValue {
        // Each frame: a directory's path, its entries still to read, its members so far.
        var block = [UInt8](repeating: 0, count: 1 << 20)
        var frames: [(path: String, names: [String], members: [(key: String, value: JSONPathValue)])] = []
        frames.append((path, entries(of: path, problems: &problems).reversed(), []))
        while true {
            if let name = frames[frames.count - 1].names.popLast() {
                let entry = frames[frames.count - 1].path + "/" + name
                var status = stat()
                guard lstat(entry, &status) == 0 else {
                    problems.append("\(entry): \(String(cString: strerror(errno)))")
                    continue
                }
                switch status.st_mode & S_IFMT {
                case S_IFDIR:
                    frames.append((entry, entries(of: entry, problems: &problems).reversed(), []))
                    continue
                case S_IFREG:
                    let hash = contentHash(entry, block: &block, problems: &problems)
                    frames[frames.count - 1].members.append((name, .string("\(status.st_size) bytes · \(hash)")))
                case S_IFLNK:
                    var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                    let count = readlink(entry, &target, target.count - 1)
                    let text = count < 0 ? "" : String(decoding: target[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                    frames[frames.count - 1].members.append((name, .string("→ " + text)))
                default:
                    frames[frames.count - 1].members.append((name, .string("special file")))
                }
                continue
            }
            let frame = frames.removeLast()
            let value = JSONPathValue.object(frame.members)
            guard !frames.isEmpty else { return value }
            let name = String(frame.path[frame.path.index(after: frame.path.lastIndex(of: "/")!)...])
            frames[frames.count - 1].members.append((name, value))
        }
    }

    /// The names in a directory but `.` and `..`, sorted by their bytes.
    private static func entries(of path: String, problems: inout [String]) -> [String] {
        guard let directory = opendir(path) else {
            problems.append("\(path): \(String(cString: strerror(errno)))")
            return []
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// A 64-bit hash of a file's bytes as hexadecimal (the same in one run for the same bytes).
    private static func contentHash(_ path: String, block: inout [UInt8], problems: inout [String]) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            problems.append("\(path): \(String(cString: strerror(errno)))")
            return ""
        }
        defer { close(descriptor) }
        var hasher = Hasher()
        while true {
            let count = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            block.withUnsafeBytes { hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
        return String(UInt64(bitPattern: Int64(hasher.finalize())), radix: 16)
    }
}
