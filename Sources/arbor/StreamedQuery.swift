import ArborCore
import ArborSources

/// Answers `arbor query` on a source that walks its own hierarchy (a database server): the rows are
/// printed as they come; only a group's lines are held until the end.
enum StreamedQuery {
    /// Prints the answer; returns the exit status.
    static func run(_ command: QueryCommand, source: any StreamingQueries, opened: OpenedSource) throws(ArborFailure) -> Int32 {
        let formatter = ItemFormatter(field: command.output.field, of: opened)
        let terminator = command.output.terminator
        let filters = command.filters
        let grouped = command.relation == .group ? command.by : nil
        var keyed: [(key: String, line: [UInt8])] = []
        var printed = 0
        var output = GatheredOutput()
        defer { _ = output.flush() }
        var missing = false
        let relation = StreamedRelation(rawValue: (command.relation == .group ? command.of : command.relation).rawValue) ?? .descendants
        do {
            let found = try source.streamRelatives(relation, of: command.id, titlePaths: formatter.needsTitlePath) { item, titles in
                guard filters.allSatisfy({ item.value(of: $0.field) == $0.value }) else { return true }
                let record = formatter.record(for: item, titlePath: titles) + terminator
                printed += 1
                guard let grouped else { return output.write(record) }
                keyed.append((item.value(of: grouped) ?? "", record))
                return true
            }
            missing = !found
        } catch {
            _ = output.flush()
            throw .invalid("\(error)")
        }
        if missing {
            _ = output.flush()
            throw .invalid("no item with id '\(command.id)'")
        }
        for group in RelativeQueries.group(keyed, by: \.key) {
            for entry in group.items where !output.write(formatter.bytes(group.key) + [0x09] + entry.line) { return 0 }
        }
        return printed == 0 ? 1 : 0
    }
}
