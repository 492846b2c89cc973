import ArborCore
import ArborSources

/// Answers `arbor query` on a source that walks its own hierarchy (a database server): the rows are
/// printed as they come; only a group's lines are held until the end.
enum StreamedQuery {
    /// Prints the answer; returns the exit status.
    static func run(_ command: QueryCommand, source: any StreamingQueries, idsArePaths: Bool) -> Int32 {
        let formatter = ItemFormatter(field: command.output.field(default: idsArePaths ? .path : .id), idsArePaths: idsArePaths)
        let terminator = command.output.terminator
        let filters = command.filters
        let grouped = command.relation == .group ? command.by : nil
        var groups: [(key: String, lines: [[UInt8]])] = []
        var groupIndex: [String: Int] = [:]
        var printed = 0
        var output = GatheredOutput()
        defer { _ = output.flush() }
        let relation = StreamedRelation(rawValue: (command.relation == .group ? command.of : command.relation).rawValue) ?? .descendants
        do {
            let found = try source.streamRelatives(relation, of: command.id, titlePaths: formatter.needsTitlePath) { item, titles in
                guard filters.allSatisfy({ value(of: $0.field, in: item) == $0.value }) else { return true }
                let record = formatter.record(for: item, titlePath: titles) + terminator
                printed += 1
                guard let grouped else { return output.write(record) }
                let key = value(of: grouped, in: item) ?? ""
                if let index = groupIndex[key] {
                    groups[index].lines.append(record)
                } else {
                    groupIndex[key] = groups.count
                    groups.append((key, [record]))
                }
                return true
            }
            guard found else {
                printError("arbor: no item with id '\(command.id)'")
                return 2
            }
        } catch {
            printError("arbor: \(error)")
            return 2
        }
        for group in groups {
            for line in group.lines where !output.write(LosslessText.encode(group.key) + [0x09] + line) { return 0 }
        }
        return printed == 0 ? 1 : 0
    }

    /// A field of a streamed item, as `--where` and `--by` read it.
    private static func value(of field: String, in item: SourceItem) -> String? {
        if let value = item.content.value(of: field) { return value }
        return field == "id" ? item.id : nil
    }
}
