import ArborCore
import ArborPath

extension BrowserController {
    /// `$`: the query prompt, holding the last expression (or `$`).
    mutating func openQuery() -> [BrowserEffect] {
        openPrompt(.query, text: query.expression ?? "$")
    }

    /// The expression changed: an error is said with its column, a valid expression is asked of the source
    /// (stopping the walk of the one before).
    mutating func queryChanged(_ text: String) -> [BrowserEffect] {
        // `$` alone is the whole tree, as it is shown without a query.
        if text == "$" {
            chrome.note = nil
            return closeQuery()
        }
        query.generation += 1
        do {
            let path = try JSONPath(text)
            query.expression = text
            pending.queries.append(.run(generation: query.generation, path: path))
            chrome.note = "querying…"
        } catch {
            pending.queries.append(.stop)
            chrome.note = "column \(error.column): \(error.message)"
        }
        return []
    }

    /// The tree of matches so far: the columns show it, the focus kept where it still is, else on the first match.
    mutating func receiveQuery(_ update: QueryUpdate) -> [BrowserEffect] {
        guard update.generation == query.generation else { return [] }
        let answer = update.answer
        query.shown = answer
        let count = answer.matches.count
        chrome.note = (count == 1 ? "1 match" : "\(count) matches")
            + (answer.failure.map { ": " + $0 } ?? "")
            + (answer.stoppedAtLimit ? " (the walk stopped at the find's bound)" : answer.isComplete ? "" : "…")
            + (count == 0 && answer.isComplete ? " for \(query.expression ?? "$") · Esc: the whole tree" : "")
        let focusedID = state.focusedItem.map { state.store[$0].id }
        var effects = state.apply(.reloadAll)
        if let focusedID, answer.contains(focusedID), focusedID != answer.rootID { return effects }
        if let first = answer.matches.first, let path = answer.revealPath(to: first) { effects += state.apply(.reveal(path: path)) }
        return effects
    }

    /// Shows an answer from the start (`--jsonpath`), before the first frame.
    package mutating func showAnswer(_ answer: QueryAnswer, expression: String) {
        query.shown = answer
        query.expression = expression
        chrome.note = answer.matches.count == 1 ? "1 match" : "\(answer.matches.count) matches"
    }

    /// Esc: the whole tree again, the focus on the item it was on.
    mutating func closeQuery() -> [BrowserEffect] {
        query.generation += 1
        guard let answer = query.shown else {
            pending.queries.append(.close)
            return []
        }
        let path = state.focusedItem.flatMap { answer.revealPath(to: state.store[$0].id) }
        query.shown = nil
        pending.queries.append(.close)
        var effects = state.apply(.reloadAll)
        if let path, !path.isEmpty { effects += state.apply(.reveal(path: path)) }
        return effects
    }
}
