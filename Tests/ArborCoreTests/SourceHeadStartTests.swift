import ArborCore
import Synchronization
import Testing

@Suite("The root and its children asked before the browser starts")
struct SourceHeadStartTests {
    /// The titles a partial and a final answer carried, and how the final one ended.
    private struct Answered {
        var batches: [[String]] = []
        var final: [String] = []
        var failure: String?
    }

    private func children(of id: String, _ performer: EffectPerformer) async -> Answered {
        let batches = Mutex<[[String]]>([])
        let action = await performer.perform(.loadChildren(NodeStore.top, id: id, generation: 1)) { progress in
            if case .loaded(.partialChildren(_, _, let items)) = progress {
                batches.withLock { $0.append(items.map { $0.content.title }) }
            }
        }
        var answered = Answered(batches: batches.withLock { $0 })
        switch action {
        case .loaded(.children(_, _, .success(let items))): answered.final = items.map { $0.content.title }
        case .loaded(.countedChildren(_, _, .success(let paged))): answered.final = paged.first.map { $0.content.title }
        case .loaded(.children(_, _, .failure(let error))), .loaded(.countedChildren(_, _, .failure(let error))):
            answered.failure = error.message
        default: Issue.record("unexpected answer \(action)")
        }
        return answered
    }

    @Test(arguments: [true, false])
    func theFirstAnswersAreAskedOnceAndShowAsWithoutAHeadStart(pages: Bool) async {
        let early = ReadingAheadRecordingSource(pages: pages)
        let headStart = SourceHeadStart.begun(early)
        await early.waitForRequests(2)
        #expect(early.asked == ["root", "list top"], "asked before the browser starts")

        var started = Driver(early, headStart: headStart)
        started.send(.start)
        await started.settle()
        let plainSource = ReadingAheadRecordingSource(pages: pages)
        var plain = Driver(plainSource)
        plain.send(.start)
        await plain.settle()

        #expect(early.asked == plainSource.asked, "the browser's first requests took the early answers")
        #expect(started.columnParents == plain.columnParents)
        #expect(started.titles(0) == plain.titles(0))
        #expect(started.titles(1) == plain.titles(1))
        #expect(started.titles(1) == ["A", "B", "C"])
    }

    @Test(arguments: [true, false])
    func batchesHandedOnBeforeAndAfterTheRequestArePassedOnInOrder(pages: Bool) async {
        let source = ReadingAheadRecordingSource(pages: pages, holding: true)
        let headStart = SourceHeadStart.begun(source)
        let performer = EffectPerformer(source: source, headStart: headStart)
        await source.waitForRequests(2)
        #expect(await performer.perform(.loadRoot(generation: 1)).isRoot("top"))
        let answer = Task { await children(of: "top", performer) }
        try? await Task.sleep(nanoseconds: 20_000_000)
        source.release()
        let answered = await answer.value
        #expect(answered.batches == [["A"], ["B", "C"]], "the first kept for the request, the second passed on as it came")
        #expect(answered.final == ["A", "B", "C"])
        #expect(source.asked == ["root", "list top"])
    }

    @Test func onlyTheFirstListAskedTakesTheEarlyOneAndOnlyForTheRoot() async {
        let source = ReadingAheadRecordingSource(pages: true)
        let performer = EffectPerformer(source: source, headStart: SourceHeadStart.begun(source))
        await source.waitForRequests(2)
        #expect(await children(of: "a", performer).final == ["A1"])
        #expect(await children(of: "top", performer).final == ["A", "B", "C"])
        #expect(source.asked == ["root", "list top", "list a", "list top"], "the root's early list, older now, is not used")

        let again = ReadingAheadRecordingSource(pages: false)
        let second = EffectPerformer(source: again, headStart: SourceHeadStart.begun(again))
        await again.waitForRequests(2)
        #expect(await children(of: "top", second).final == ["A", "B", "C"])
        #expect(await children(of: "top", second).final == ["A", "B", "C"])
        #expect(again.asked == ["root", "list top", "list top"], "a list asked again is read again")
    }

    @Test func aSourceWithSideEffectsIsAskedOnlyWhenTheBrowserAsks() async throws {
        let source = RecordingListSource(pages: true)
        let headStart = SourceHeadStart.begun(source)
        try await Task.sleep(nanoseconds: 20_000_000)
        #expect(source.asked.isEmpty)
        var driver = Driver(source, headStart: headStart)
        driver.send(.start)
        await driver.settle()
        #expect(source.asked == ["root", "list top"])
        #expect(driver.titles(1) == ["A", "B", "C"])
    }

    @Test func anEarlyListThatFailedIsTheFirstRequestsAnswer() async {
        let source = ReadingAheadRecordingSource(pages: true, failing: true)
        let performer = EffectPerformer(source: source, headStart: SourceHeadStart.begun(source))
        await source.waitForRequests(2)
        #expect(await children(of: "top", performer).failure == "cannot list top")
        #expect(source.asked == ["root", "list top"])
    }
}

private extension BrowserAction {
    func isRoot(_ id: String) -> Bool {
        if case .loaded(.root(_, .success(let root?))) = self { return root.id == id }
        return false
    }
}
