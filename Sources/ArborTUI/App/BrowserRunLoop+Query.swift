import ArborCore
import Dispatch

extension BrowserRunLoop {
    /// How long a walk runs before its first matches are shown, and how often they are shown again meanwhile.
    static let queryFirstShow = 0.05
    static let queryReshow = 0.5

    /// Starts, stops or drops queries as the controller asked: each walk runs on a thread of its own (it waits
    /// for the source), and a newer request stops the one before.
    func applyQueryRequests(_ requests: [QueryRequest]) {
        for request in requests {
            switch request {
            case .run(let generation, let path):
                latestQuery.raise(to: generation)
                let latest = latestQuery
                let inbox = inbox
                let query = SourceQuery(path, source: basePerformer.source)
                DispatchQueue(label: "arbor.query").async {
                    let start = MonotonicClock.seconds()
                    var shown: Double?
                    let answer = query.answer(batch: 16, shouldStop: { latest.value != generation }) { partial in
                        let now = MonotonicClock.seconds()
                        let due = shown.map { now - $0 >= Self.queryReshow } ?? (now - start >= Self.queryFirstShow)
                        guard due else { return }
                        shown = now
                        inbox.post(.queryAnswer(QueryUpdate(generation: generation, answer: partial)))
                    }
                    guard latest.value == generation else { return }
                    inbox.post(.queryAnswer(QueryUpdate(generation: generation, answer: answer)))
                }
            case .stop:
                latestQuery.raise(to: latestQuery.value + 1)
            case .close:
                latestQuery.raise(to: latestQuery.value + 1)
                performer = basePerformer
            }
        }
    }

    /// Shows an answer of the newest query: the source is narrowed to it before the controller reloads.
    /// False for an answer to an older query, dropped.
    func takeAnswer(_ update: QueryUpdate) -> Bool {
        guard update.generation == latestQuery.value else { return false }
        performer = EffectPerformer(source: AnsweringSource(base: basePerformer.source, answer: update.answer))
        return true
    }
}

extension BrowserRunLoop {
    /// Opens on a query's answer (`--jsonpath`): the source narrowed to it from the first frame.
    package func showAnswer(_ answer: QueryAnswer) {
        performer = EffectPerformer(source: AnsweringSource(base: basePerformer.source, answer: answer))
    }
}
