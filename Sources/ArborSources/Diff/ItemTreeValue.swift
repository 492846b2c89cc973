import ArborCore
import ArborPath

/// A hierarchy that is not a document (a table, a database, a command's output) as one JSON value to compare:
/// each item an object of its id, title and fields, its children under `children` in an object keyed by their
/// ids, so that a table's rows are matched by id wherever they moved (`/children/cto/name`).
enum ItemTreeValue {
    /// The value of the whole hierarchy (its root's, or, for a virtual root, an object of its children).
    static func value(of source: any HierarchySource) throws -> JSONPathValue {
        try blocking {
            guard let root = try await source.root() else { return .object([]) }
            let top = try await source.item(root.id)
            // Each frame: an item's members so far and its children still to read, deepest last.
            var frames: [(id: String, members: [(key: String, value: JSONPathValue)], children: [SourceItem],
                          done: [(key: String, value: JSONPathValue)])] = []
            func open(_ item: SourceItem, virtual: Bool) async throws {
                let children = item.childCount == 0 ? [] : try await source.children(of: item.id)
                frames.append((item.id, virtual ? [] : members(of: item), children.reversed(), []))
            }
            try await open(top, virtual: root.isVirtual)
            while true {
                if let next = frames[frames.count - 1].children.popLast() {
                    try await open(next, virtual: false)
                    continue
                }
                let frame = frames.removeLast()
                let value = JSONPathValue.object(frame.members + (frame.done.isEmpty ? [] : [("children", .object(frame.done))]))
                guard !frames.isEmpty else { return value }
                frames[frames.count - 1].done.append((frame.id, value))
            }
        }
    }

    /// An item's id (unless a field is called so), title and fields.
    private static func members(of item: SourceItem) -> [(key: String, value: JSONPathValue)] {
        let fields = SourcePathNode.members(of: item).map { (key: $0.name, value: SourcePathNode.typed($0.value)) }
        return fields.contains { $0.key == "id" } ? fields : [("id", .string(item.id))] + fields
    }
}
