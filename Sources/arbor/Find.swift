import ArborCore
import ArborSources

/// Answers `arbor find`: walks the source, matches every item, prints the matches best first.
enum Find {
    /// Prints the matches; returns the exit status.
    static func run(_ command: FindCommand, source opened: OpenedSource) throws(ArborFailure) -> Int32 {
        let hierarchy = opened.hierarchy
        let formatter = ItemFormatter(field: command.output.field, of: opened)
        let terminator = command.output.terminator
        let fields = command.search.fields(for: hierarchy)
        let walk = SearchWalk(source: hierarchy, fields: fields, bound: command.search.bound(for: hierarchy) ?? hierarchy.searchBound)
        do {
            return try blocking {
                await walk.walkToEnd()
                if let failure = walk.progress.failure, walk.progress.visited == 0 { throw SourceError(failure) }
                guard let snapshot = walk.corpus?.snapshot() else { return 1 }
                var search = CorpusSearch(TextMatcher(command.query), fields: fields, limit: nil)
                while search.scanned < snapshot.count { search.scan(snapshot) }
                // Matches are named a thousand at a time, each list of children asked for once per thousand.
                for part in stride(from: 0, to: search.ranked.count, by: 1_000) {
                    let entries = search.ranked[part..<min(search.ranked.count, part + 1_000)].map { Int($0.entry) }
                    let chains = formatter.needsTitlePath ? entries.map { snapshot.chain(to: $0) } : []
                    let titlesByEntry = snapshot.titles(of: chains.joined())
                    for (index, ids) in try await walk.ids(to: entries).enumerated() {
                        let item = try await hierarchy.item(ids[ids.count - 1])
                        let titles = formatter.needsTitlePath ? chains[index].map { titlesByEntry[$0]! } : []
                        if !writeAll(1, formatter.record(for: item, titlePath: titles) + terminator) { return 0 }
                    }
                }
                return search.ranked.isEmpty ? 1 : 0
            }
        } catch {
            throw .invalid("\(error)")
        }
    }
}
