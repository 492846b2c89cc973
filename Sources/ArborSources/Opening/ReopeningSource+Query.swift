import ArborCore
import ArborPath

extension ReopeningSource: IndexedQuerying {
    /// When the version shown answers queries from its index (a JSON document), the browser's queries go to it
    /// instead of walking its items.
    var answersFromIndex: Bool { (current as? any IndexedQuerying)?.answersFromIndex ?? false }

    func forEachQueryMatch(_ path: JSONPath, shouldStop: @escaping () -> Bool, _ body: (QueryMatch) -> Bool) -> Bool {
        guard let indexed = current as? any IndexedQuerying, indexed.answersFromIndex else { return true }
        return indexed.forEachQueryMatch(path, shouldStop: shouldStop, body)
    }
}
