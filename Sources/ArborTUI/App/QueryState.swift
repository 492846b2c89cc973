import ArborCore
import ArborPath

/// What the run loop is asked to do about queries: walk the source for one, or drop the answer shown.
package enum QueryRequest: Sendable {
    /// Walk the source for `path`; a newer request stops it.
    case run(generation: Int, path: JSONPath)
    /// Stop any walk; the answer shown stays.
    case stop
    /// Stop any walk and show the whole tree again.
    case close
}

/// An answer (or the part found so far) to the query of a generation.
package struct QueryUpdate: Sendable {
    /// The request it answers.
    package var generation: Int
    /// The tree of matches.
    package var answer: QueryAnswer

    /// Creates an update.
    package init(generation: Int, answer: QueryAnswer) {
        self.generation = generation
        self.answer = answer
    }
}

/// The query prompt's state: the newest expression asked, the answer the columns show.
package struct QueryState: Sendable {
    /// The newest request; answers to older ones are dropped.
    package internal(set) var generation = 0
    /// The answer shown in place of the whole tree, while one is.
    package internal(set) var shown: QueryAnswer?
    /// The expression last asked, typed again when the prompt reopens.
    var expression: String?
}
