import ArborCore
import ArborSources

/// Answers `arbor query` on a source loaded whole.
enum Query {
    /// Prints the answer; returns the exit status.
    static func run(_ command: QueryCommand, source opened: OpenedSource) throws(ArborFailure) -> Int32 {
        let hierarchy = opened.hierarchy
        if let streaming = FormatCapabilities(of: hierarchy).streaming {
            return try StreamedQuery.run(command, source: streaming, opened: opened)
        }
        let store: NodeStore
        do {
            store = try blocking { try await NodeStore.loaded(from: hierarchy) }
        } catch {
            throw .invalid("\(error)")
        }
        guard let item = store.handle(for: command.id), item != NodeStore.top else {
            throw .invalid("no item with id '\(command.id)'")
        }
        let queries = RelativeQueries(store: store)
        func related(_ relation: QueryCommand.Relation) -> [NodeHandle] {
            switch relation {
            case .ancestors: return queries.ancestors(of: item)
            case .descendants, .group, .path: return queries.descendants(of: item)
            case .siblings: return queries.siblings(of: item)
            }
        }
        let relation = command.relation == .group ? command.of : command.relation
        let matching = related(relation).filter { handle in
            command.filters.allSatisfy { store.value(of: $0.field, for: handle) == $0.value }
        }
        let formatter = ItemFormatter(field: command.output.field, of: opened)
        let terminator = command.output.terminator
        func emit(_ handle: NodeHandle, prefix: [UInt8] = []) -> Bool {
            let node = store[handle]
            let item = SourceItem(id: node.id, content: node.content ?? ItemContent(title: node.id), childCount: node.childCount)
            let titles = formatter.needsTitlePath
                ? (queries.ancestors(of: handle).reversed() + [handle]).map { store[$0].title } : []
            return writeAll(1, prefix + formatter.record(for: item, titlePath: titles) + terminator)
        }
        if command.relation == .group, let field = command.by {
            for group in queries.group(matching, by: { node in
                store.handle(for: node.id).flatMap { store.value(of: field, for: $0) } ?? ""
            }) {
                for handle in group.items where !emit(handle, prefix: formatter.bytes(group.key) + [0x09]) { return 0 }
            }
        } else {
            for handle in matching where !emit(handle) { return 0 }
        }
        return matching.isEmpty ? 1 : 0
    }
}
