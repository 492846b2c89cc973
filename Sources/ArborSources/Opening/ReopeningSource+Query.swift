import ArborCore
import ArborPath

extension ReopeningSource: IndexedQuerying {
    /// When the version shown answers queries from its index (a JSON document), the browser's queries go to it
    /// instead of walking its items.
    var answersFromIndex: Bool { (current as? any IndexedQuerying)?.answersFromIndex ?? false }

    /// The version shown answers, from its index when it has one.
    func forEachQueryMatch(_ path: JSONPath, shouldStop: @escaping () -> Bool, _ body: (QueryMatch) -> Bool) throws -> Bool {
        let query = SourceQuery(path, source: current)
        let finished = query.forEachMatch(shouldStop: shouldStop, body)
        if let failure = query.reader.failure { throw failure }
        return finished
    }
}

extension ReopeningSource: ImmediateChildren {
    /// The version shown's children at once, when it holds them.
    func immediateChildren(of id: String, in range: Range<Int>) throws -> [SourceItem]? {
        try (current as? any ImmediateChildren)?.immediateChildren(of: id, in: range)
    }
}
