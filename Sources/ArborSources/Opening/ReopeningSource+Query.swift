#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArborCore
import ArborPath

extension ReopeningSource: IndexedQuerying {
    /// When the version shown answers queries from its index (a JSON document), the browser's queries go to it
    /// instead of walking its items; so do they while the first version is a part of the input, whatever it
    /// can do: the walk waits for the whole, which answers as it can (a query that walked the part's items
    /// instead read the 96 MB document an item at a time, 2.4 s to its first match).
    var answersFromIndex: Bool { !isComplete || (current.capabilities.indexedQuerying?.answersFromIndex ?? false) }

    /// The version shown answers, from its index when it has one; while the first version is a part of the
    /// input, the walk waits for the whole (the query's own thread waits, not the screen).
    func forEachQueryMatch(_ path: JSONPath, shouldStop: @escaping () -> Bool, _ body: (QueryMatch) -> Bool) throws -> Bool {
        guard waitForWhole(shouldStop: shouldStop) else { return false }
        let query = SourceQuery(path, source: current)
        let finished = query.forEachMatch(shouldStop: shouldStop, body)
        if let failure = query.reader.failure { throw failure }
        return finished
    }
}

extension ReopeningSource {
    /// The whole input's answer, waited for on the query's thread.
    var holdsJSONInStrings: Bool {
        _ = waitForWhole { false }
        return current.capabilities.indexedQuerying?.holdsJSONInStrings ?? true
    }

    /// Waits until the version shown is the whole input (its reading waits no longer for the first frame); false
    /// when `shouldStop` says so first.
    private func waitForWhole(shouldStop: () -> Bool) -> Bool {
        firstFrame.open()
        while !isComplete {
            if shouldStop() { return false }
            usleep(10_000)
        }
        return true
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
