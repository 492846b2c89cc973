import ArborCore

extension BrowserRunLoop {
    /// How often the matches of a walk still going on are shown again (the first as soon as it is found).
    static let queryReshow = 0.5

    /// Starts, stops or drops queries as the controller asked: each walk runs on a thread of its own (it waits
    /// for the source, and its stack holds the deepest walk), the walk ahead of a find waiting meanwhile, and a
    /// newer request stops the one before.
    func applyQueryRequests(_ requests: [QueryRequest]) {
        for request in requests {
            switch request {
            case .run(let generation, let path):
                latestQuery.raise(to: generation)
                let latest = latestQuery
                let inbox = inbox
                let query = SourceQuery(path, source: basePerformer.source)
                let limit = itemLimit
                QueryThread.start {
                    var shown: Double?
                    let stop = { latest.value != generation || query.reader.itemsRead > limit }
                    var answer = ForegroundWork.shared.during {
                        query.answer(batch: 1, shouldStop: stop) { partial in
                            let now = MonotonicClock.seconds()
                            guard shown.map({ now - $0 >= Self.queryReshow }) ?? true else { return }
                            shown = now
                            inbox.post(.queryAnswer(QueryUpdate(generation: generation, answer: partial)))
                        }
                    }
                    guard latest.value == generation else { return }
                    answer.stoppedAtLimit = query.reader.itemsRead > limit
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
