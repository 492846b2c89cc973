import ArborCore
import ArborSources

/// Answers `arbor query` with the library's `HierarchyRelations` over the source: lists are read as the answer
/// reaches them and each item is printed when it is found, descendants as the walk goes.
enum Query {
    /// Prints the answer; returns the exit status.
    static func run(_ command: QueryCommand, source opened: OpenedSource) throws(ArborFailure) -> Int32 {
        let hierarchy = opened.hierarchy
        if let streaming = FormatCapabilities(of: hierarchy).streaming {
            return try StreamedQuery.run(command, source: streaming, opened: opened)
        }
        let formatter = ItemFormatter(field: command.output.field, of: opened)
        let printed: Int
        do {
            printed = try blocking { try await answer(command, over: hierarchy, formatter: formatter) }
        } catch let failure as ArborFailure {
            throw failure
        } catch {
            throw .invalid("\(error)")
        }
        return printed == 0 ? 1 : 0
    }

    /// Prints the items the command asks for; returns how many matched.
    private static func answer(_ command: QueryCommand, over source: any HierarchySource, formatter: ItemFormatter) async throws -> Int {
        let relations = HierarchyRelations(source)
        let root = try await source.root()
        guard !(root?.isVirtual == true && root?.id == command.id), let asked = try? await source.item(command.id) else {
            throw ArborFailure.invalid("no item with id '\(command.id)'")
        }
        let filters = command.filters
        let terminator = command.output.terminator
        var titles = TitlePaths(relations: relations, needed: formatter.needsTitlePath)
        var output = GatheredOutput()
        defer { _ = output.flush() }
        var count = 0
        var keyed: [(key: String, line: [UInt8])] = []
        let grouped = command.relation == .group ? command.by : nil
        /// Takes one related item; false once the output is closed.
        func take(_ listed: SourceItem) async throws -> Bool {
            let item = await WholeFields.of(listed, in: source)
            guard filters.allSatisfy({ item.value(of: $0.field) == $0.value }) else { return true }
            count += 1
            let line = formatter.record(for: item, titlePath: try await titles.path(to: item)) + terminator
            guard let grouped else { return output.write(line) }
            keyed.append((item.value(of: grouped) ?? "", line))
            return true
        }
        switch command.relation == .group ? command.of : command.relation {
        case .ancestors:
            for ancestor in try await relations.ancestors(of: asked.id) where try await !take(ancestor) { return count }
        case .siblings:
            for sibling in try await relations.siblings(of: asked.id) where try await !take(sibling) { return count }
        case .descendants, .group, .path:
            for try await descendant in relations.descendants(of: asked.id) where try await !take(descendant) { return count }
        }
        guard grouped != nil else { return count }
        for group in HierarchyRelations.group(keyed, by: \.key) {
            for entry in group.items where !output.write(formatter.bytes(group.key) + [0x09] + entry.line) { return count }
        }
        return count
    }
}
