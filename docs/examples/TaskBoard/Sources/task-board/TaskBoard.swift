import ArborKit
import Synchronization

/// A team's task board: lanes (to do, doing, done) of tasks, kept by the program and changed while shown.
final class TaskBoard: HierarchySource {
    /// One task.
    struct Task: Sendable {
        var id: String
        var title: String
        var owner: String
        var due: String
        var status: String
        var isUrgent = false
    }

    let displayName = "team board"
    private static let lanes = ["todo": "To do", "doing": "Doing", "done": "Done"]
    private static let laneOrder = ["todo", "doing", "done"]
    private let tasks = Mutex<[String: [Task]]>([
        "todo": [
            Task(id: "T-7", title: "Write the release notes", owner: "Ada", due: "Friday", status: "open"),
            Task(id: "T-9", title: "Renew the certificates", owner: "Lin", due: "Monday", status: "open"),
        ],
        "doing": [Task(id: "T-4", title: "Move the build to the new runner", owner: "Sam", due: "today", status: "in progress")],
        "done": [Task(id: "T-1", title: "Set up the repository", owner: "Ada", due: "done", status: "closed")],
    ])

    /// Adds a task at the top of a lane; returns the index it took.
    func add(_ task: Task, to lane: String) -> Int {
        tasks.withLock { $0[lane, default: []].insert(task, at: 0) }
        return 0
    }

    func root() async throws -> SourceRoot? { SourceRoot(id: "board", isVirtual: true) }

    func numberOfChildren(of id: String) async throws -> Int? {
        if id == "board" { return Self.laneOrder.count }
        return tasks.withLock { $0[id]?.count ?? 0 }
    }

    func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        let ids = id == "board" ? Self.laneOrder : tasks.withLock { ($0[id] ?? []).map(\.id) }
        return Array(ids[range.clamped(to: 0..<ids.count)])
    }

    func parentID(of id: String) async throws -> String? {
        if id == "board" { return nil }
        if Self.lanes[id] != nil { return "board" }
        return tasks.withLock { lanes in lanes.first { $0.value.contains { $0.id == id } }?.key }
    }

    func item(_ id: String) async throws -> SourceItem {
        if let lane = Self.lanes[id] {
            let count = tasks.withLock { $0[id]?.count ?? 0 }
            return SourceItem(id: id, content: ItemContent(title: lane, subtitle: "lane", body: count == 1 ? "1 task" : "\(count) tasks"), childCount: count)
        }
        guard let task = tasks.withLock({ $0.values.joined().first { $0.id == id } }) else {
            throw SourceError("no task '\(id)'")
        }
        let content = ItemContent(
            title: task.title, subtitle: task.owner, body: "due \(task.due)", tags: [task.id], status: task.status,
            fields: [ItemField(name: "id", value: task.id), ItemField(name: "owner", value: task.owner)],
            icon: task.isUrgent ? "⚑" : "·")
        return SourceItem(id: id, content: content, childCount: 0)
    }
}
