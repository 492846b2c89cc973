import ArborKit
import Synchronization

/// The processes of this machine as a hierarchy, each under its parent, over snapshots the program takes:
/// the browser reads the latest one, and `takeSnapshot()` says what changed since the one before.
final class ProcessTree: HierarchySource {
    let displayName = "processes"
    private let snapshot = Mutex(ProcessSnapshot.now())

    /// The id of a process (its pid), the virtual root's for 0.
    static func id(_ pid: Int32) -> String { pid == 0 ? "" : String(pid) }

    /// Reads the processes again; returns what changed, for the browser's `apply`.
    func takeSnapshot() -> [SourceChange] {
        let new = ProcessSnapshot.now()
        let old = snapshot.withLock { current in
            defer { current = new }
            return current
        }
        return new.changes(since: old)
    }

    /// The processes the snapshot holds in a state the program thinks hung (stopped or traced).
    var hungOnes: [String] {
        snapshot.withLock { $0.entries.values.filter { $0.state == "T" || $0.state == "t" }.map { Self.id($0.pid) }.sorted() }
    }

    func root() async throws -> SourceRoot? { SourceRoot(id: "", isVirtual: true) }

    func numberOfChildren(of id: String) async throws -> Int? {
        let pid = Int32(id) ?? 0
        return snapshot.withLock { $0.children[pid]?.count ?? 0 }
    }

    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        let pid = Int32(id) ?? 0
        let children = snapshot.withLock { $0.children[pid] ?? [] }
        return children[range.clamped(to: 0..<children.count)].map(Self.id)
    }

    func parentID(of id: String) async throws -> String? {
        guard let pid = Int32(id) else { return nil }
        return snapshot.withLock { snapshot in
            snapshot.entries[pid].map { snapshot.entries[$0.parent] == nil ? "" : Self.id($0.parent) }
        }
    }

    func item(_ id: String) async throws -> SourceItem {
        guard let pid = Int32(id), let (entry, count) = snapshot.withLock({ snapshot in
            snapshot.entries[pid].map { ($0, snapshot.children[pid]?.count ?? 0) }
        }) else {
            throw SourceError("no process \(id) (it has ended)")
        }
        let content = ItemContent(
            title: entry.name, subtitle: "pid \(entry.pid)", body: entry.command, status: entry.state,
            fields: [ItemField(name: "pid", value: id), ItemField(name: "parent", value: String(entry.parent)),
                     ItemField(name: "rss", value: "\(entry.residentKiB) KiB")])
        return SourceItem(id: id, content: content, childCount: count)
    }
}
