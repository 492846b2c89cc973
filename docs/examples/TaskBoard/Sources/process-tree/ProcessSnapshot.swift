import ArborKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The processes running at one moment, read from /proc: each with its parent, name and state, and the
/// children of each in the order of their ids.
struct ProcessSnapshot: Sendable {
    /// One process.
    struct Entry: Sendable, Equatable {
        var pid: Int32
        var parent: Int32
        var name: String
        var command: String
        var state: String
        var residentKiB: Int
    }

    /// The processes by id.
    var entries: [Int32: Entry] = [:]
    /// The children of each process in the order of their ids; those of 0 are the ones whose parent is not listed.
    var children: [Int32: [Int32]] = [:]

    /// The processes /proc lists now (none where there is no /proc).
    static func now() -> ProcessSnapshot {
        var snapshot = ProcessSnapshot()
        guard let directory = opendir("/proc") else { return snapshot }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = Int32(name), let process = Self.entry(pid) else { continue }
            snapshot.entries[pid] = process
        }
        for process in snapshot.entries.values {
            let parent = snapshot.entries[process.parent] == nil ? 0 : process.parent
            snapshot.children[parent, default: []].append(process.pid)
        }
        for parent in snapshot.children.keys { snapshot.children[parent]?.sort() }
        return snapshot
    }

    /// A process's entry from /proc/PID/stat and cmdline; nil when it has ended meanwhile.
    static func entry(_ pid: Int32) -> Entry? {
        guard let stat = contents(of: "/proc/\(pid)/stat"), let open = stat.firstIndex(of: UInt8(ascii: "(")),
              let close = stat.lastIndex(of: UInt8(ascii: ")")), open < close else { return nil }
        let name = String(decoding: stat[(open + 1)..<close], as: UTF8.self)
        let fields = stat[(close + 1)...].split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
        guard fields.count > 21, let parent = Int32(fields[1]), let pages = Int(fields[21]) else { return nil }
        let arguments = (contents(of: "/proc/\(pid)/cmdline") ?? []).split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        return Entry(pid: pid, parent: parent, name: name, command: arguments.isEmpty ? "[\(name)]" : arguments.joined(separator: " "),
                     state: fields[0], residentKiB: pages * Int(getpagesize()) / 1024)
    }

    /// The bytes of a small file, nil when it cannot be read.
    static func contents(of path: String) -> [UInt8]? {
        let file = open(path, O_RDONLY)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 16 {
            let count = read(file, &buffer, buffer.count)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }

    /// What changed from `old` to this snapshot, as the browser takes it: ended processes removed from their
    /// parents, new ones inserted where they now stand, adopted ones given their new parent, and the processes
    /// whose entry or children changed.
    func changes(since old: ProcessSnapshot) -> [SourceChange] {
        var changes: [SourceChange] = []
        var changed: [String] = []
        for parent in Set(old.children.keys).union(children.keys).sorted() {
            let before = old.children[parent] ?? []
            let after = children[parent] ?? []
            guard before != after else { continue }
            let kept = Set(after)
            let removed = before.filter { !kept.contains($0) }
            if !removed.isEmpty { changes.append(.removedItems(removed.map(ProcessTree.id), of: ProcessTree.id(parent))) }
            let known = Set(before)
            let added = after.enumerated().filter { !known.contains($0.element) }
            if !added.isEmpty {
                changes.append(.insertedItems(added.map { ProcessTree.id($0.element) }, of: ProcessTree.id(parent), at: added.map(\.offset)))
            }
            if parent != 0 { changed.append(ProcessTree.id(parent)) }
        }
        for (pid, entry) in entries where old.entries[pid].map({ $0 != entry }) == true { changed.append(ProcessTree.id(pid)) }
        // A process whose parent ended is adopted by another: the browser follows it there (invalidateParent).
        for (pid, entry) in entries.sorted(by: { $0.key < $1.key }) where old.entries[pid].map({ $0.parent != entry.parent }) == true {
            changes.append(.parentChanged(of: ProcessTree.id(pid)))
        }
        if !changed.isEmpty { changes.append(.itemsChanged(changed)) }
        return changes
    }
}
