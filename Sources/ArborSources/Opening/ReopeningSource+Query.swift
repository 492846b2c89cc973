#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArborCore
import ArborPath

extension ReopeningSource: IndexedQuerying {
    /// When the version shown answers queries from its index (a JSON document), the browser's queries go to it
    /// instead of walking its items.
    var answersFromIndex: Bool { current.capabilities.indexedQuerying?.answersFromIndex ?? false }

    /// The version shown answers, from its index when it has one; while the first version is a part of the
    /// input, the walk waits for the whole (the query's own thread waits, not the screen).
    func forEachQueryMatch(_ path: JSONPath, shouldStop: @escaping () -> Bool, _ body: (QueryMatch) -> Bool) throws -> Bool {
        // The walk needs the whole input: its reading waits no longer for the first frame.
        firstFrame.open()
        while !isComplete {
            if shouldStop() { return false }
            usleep(10_000)
        }
        let query = SourceQuery(path, source: current)
        let finished = query.forEachMatch(shouldStop: shouldStop, body)
        if let failure = query.reader.failure { throw failure }
        return finished
    }
}

extension ReopeningSource: ImmediateChildren {
    /// The version shown's children at once, when it holds them.
    func immediateChildren(of id: String, in range: Range<Int>) throws -> [SourceItem]? {
        try current.capabilities.immediateChildren?.immediateChildren(of: id, in: range)
    }

    /// The version shown's item at once, when it holds it.
    func immediateItem(_ id: String) throws -> SourceItem? {
        try current.capabilities.immediateChildren?.immediateItem(id)
    }
}
