import ArborCore
@testable import ArborTUI
import Foundation
import Synchronization
import Testing

/// The run loop on a thread of its own, drawing on a fake terminal.
final class LoopRun: @unchecked Sendable {
    let terminal: FakeTerminal
    let events = Mutex<[BrowserEvent]>([])
    private let status = Mutex<Int32?>(nil)

    init(_ source: any HierarchySource, width: Int = 60, height: Int = 16, selection: SelectionMode = .none,
         intervals: [LoopTimer: Double] = [:], settleWait: Double = BrowserRunLoop.settleWait,
         bindings: [Key: [BoundAction]] = [:], firstFrame: FirstFrameGate? = nil) {
        let terminal = FakeTerminal(width: width, height: height)
        self.terminal = terminal
        let keyMap: KeyMap = selection == .none ? .standard : .picker
        Thread.detachNewThread { [self] in
            var controller = BrowserController(screen: BrowserScreen(sourceName: "loop", keyMap: keyMap), selectionMode: selection)
            var settings = ControllerSettings()
            settings.actionBindings = bindings
            controller.configure(settings)
            let loop = BrowserRunLoop(terminal: terminal, source: source, intervals: intervals, settleWait: settleWait)
            loop.firstFrame = firstFrame
            let result = loop.run(&controller) { event in
                self.events.withLock { $0.append(event) }
            }
            status.withLock { $0 = result }
        }
    }

    /// The exit status, once the loop has ended (nil if it has not within `timeout` seconds).
    func end(within timeout: Double = 30) async -> Int32? {
        _ = await waitUntil(timeout) { status.withLock { $0 != nil } }
        return status.withLock { $0 }
    }
}

extension TerminalLoops {
    @Suite(.serialized) struct RunLoopTests {
        @Test func keysTypedWhileTheColumnLoadsApplyOnceItHasLoaded() async {
            let source = LoopTestSource()
            source.hold("")
            let run = LoopRun(source, intervals: [.typedAhead: 60])
            #expect(await waitUntil { source.asked.contains("") }, "the first column is loading: \(source.asked)")
            run.terminal.type(.down, .down)
            try? await Task.sleep(nanoseconds: 100_000_000)
            source.open("")
            #expect(await run.terminal.focusedLine(showing: "gamma") != nil, "both keys moved the focus in the loaded column")
            run.terminal.type(.character("q"))
            #expect(await run.end() == 0)
            #expect(run.terminal.shutdowns == 1)
        }

        @Test func keysTypedWhileAReloadOpensThePlaceAgainApplyToThatPlace() async {
            let source = ShownRootLoopSource(complete: false)
            let run = LoopRun(source, intervals: [.typedAhead: 60])
            #expect(await run.terminal.focusedLine(showing: "alpha") != nil)
            // The whole input read: every list is read again, the root's held, so the place is still being opened
            // while the root's own column is back.
            source.hold("")
            source.complete()
            #expect(await waitUntil { source.asked.filter { $0 == "" }.count >= 2 }, "\(source.asked)")
            run.terminal.type(.down)
            try? await Task.sleep(nanoseconds: 100_000_000)
            source.open("")
            #expect(await run.terminal.focusedLine(showing: "beta") != nil, "Down moved the focus from the place opened again")
            run.terminal.type(.character("q"))
            #expect(await run.end() == 0)
        }

        @Test func aKeyHeldForAColumnThatLoadsWithinTheFrameStillEndsTheBrowser() async {
            let run = LoopRun(LoopTestSource())
            #expect(await run.terminal.focusedLine(showing: "alpha") != nil)
            run.terminal.type(.right, .character("q"))
            #expect(await run.end() == 0, "q waited for alpha's column, which came while the frame settled")
        }

        /// `execute-silent` rather than `execute`: the test process has no terminal to hand over; both leave the
        /// controller as the same effect.
        @Test func aBoundCommandTypedAheadRunsWhenItsColumnLoadsWhileTheFrameSettles() async throws {
            let marker = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-settle-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
            defer { try? FileManager.default.removeItem(at: marker) }
            // The frame waits a minute for alpha's column: x is released by its answer while the frame settles.
            // No timer runs out meanwhile: no input after x's but its column's answer.
            let run = LoopRun(LoopTestSource(), intervals: [.findAhead: 3600], settleWait: 60, bindings: [.character("x"): [.executeSilent("printf ran > '\(marker.path)'")]])
            #expect(await run.terminal.focusedLine(showing: "alpha") != nil)
            run.terminal.type(.right, .character("x"))
            #expect(await waitUntil(10) { FileManager.default.fileExists(atPath: marker.path) },
                    "the command ran without another key")
            run.terminal.type(.character("q"))
            #expect(await run.end() == 0)
        }

        @Test func theFirstFrameOpensTheGateTheLoopWasGiven() async {
            let source = LoopTestSource()
            source.hold("")
            let gate = FirstFrameGate()
            let run = LoopRun(source, settleWait: 0, firstFrame: gate)
            #expect(await waitUntil { source.asked.contains("") })
            #expect(await waitUntil { gate.opened }, "the frame saying loading is the first frame")
            source.open("")
            #expect(await run.terminal.focusedLine(showing: "alpha") != nil)
            run.terminal.type(.character("q"))
            #expect(await run.end() == 0)
        }

        @Test func aLongListsFirstPartIsDrawnWithoutWaitingForTheRest() async {
            let source = PartlyListedLoopSource()
            // A frame that waited for the whole list would wait the minute out.
            let run = LoopRun(source, settleWait: 60)
            #expect(await run.terminal.focusedLine(showing: "first", within: 10) != nil, "the first part is on screen")
            #expect(run.terminal.frames.last?.joined().contains("last") == false)
            source.letGo()
            #expect(await run.terminal.frame(within: 10, where: { $0.joined().contains("last") }) != nil, "the rest follows")
            run.terminal.type(.character("q"))
            #expect(await run.end() == 0)
        }

        @Test func keysTypedAheadWaitHalfASecondAtMost() async {
            let source = LoopTestSource()
            source.hold("")
            let run = LoopRun(source)
            #expect(await waitUntil { source.asked.contains("") }, "the first column is loading: \(source.asked)")
            let typed = Date()
            run.terminal.type(.character("q"))
            #expect(await run.end() == 0, "q applies to the empty column once the wait is over")
            let waited = Date().timeIntervalSince(typed)
            #expect(waited >= 0.45 && waited < 10, "waited \(waited) s")
        }

        @Test func theFocusedItemIsReadAheadOnceTheFocusRests() async {
            let source = ReadingAheadLoopSource()
            let run = LoopRun(source)
            #expect(await run.terminal.focusedLine(showing: "alpha") != nil)
            #expect(await waitUntil { source.asked.contains("alpha") }, "alpha's children are read before it is expanded")
            run.terminal.type(.down)
            #expect(await waitUntil { source.asked.contains("beta") })
            run.terminal.type(.character("q"))
            #expect(await run.end() == 0)
        }

        /// With no rest before reading ahead, a source that reads ahead has been asked for alpha's or beta's children
        /// by the time beta's frame shows: only what is opened is asked of one that does not.
        @Test(arguments: [false, true])
        func aSourceThatDoesNotReadAheadIsAskedOnlyForWhatIsOpened(readsAhead: Bool) async {
            let source = readsAhead ? ReadingAheadLoopSource() : LoopTestSource()
            let run = LoopRun(source, intervals: [.readAhead: 0])
            #expect(await run.terminal.focusedLine(showing: "alpha") != nil)
            run.terminal.type(.down)
            #expect(await run.terminal.focusedLine(showing: "beta") != nil)
            // The timer ran out in the turn of Down or before it; what it asked for, the frame waited for.
            let askedBeforeRight = source.asked
            #expect(readsAhead ? askedBeforeRight.count > 1 : askedBeforeRight == [""], "\(askedBeforeRight)")
            run.terminal.type(.right)
            #expect(await run.terminal.focusedLine(showing: "b1") != nil)
            if !readsAhead { #expect(source.asked == ["", "beta"]) }
            run.terminal.type(.character("q"))
            #expect(await run.end() == 0)
        }

        @Test func theSignalsAreTheProgramsAgainOnceTheLoopEnds() async {
            func handlers() -> [Int] {
                (SignalTrap.endingSignals + [SIGTSTP, SIGWINCH]).map { signal in
                    var action = sigaction()
                    sigaction(signal, nil, &action)
                    return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
                }
            }
            let before = handlers()
            let run = LoopRun(LoopTestSource())
            #expect(await run.terminal.focusedLine(showing: "alpha") != nil)
            #expect(handlers() != before, "the loop traps them while it runs")
            run.terminal.type(.character("q"))
            #expect(await run.end() == 0)
            #expect(handlers() == before, "put back as they were")
        }

        @Test func aResizeSignalWakesTheLoopWithoutEndingIt() async {
            let run = LoopRun(LoopTestSource())
            #expect(await run.terminal.focusedLine(showing: "alpha") != nil)
            kill(getpid(), SIGWINCH)
            kill(getpid(), SIGWINCH)
            run.terminal.type(.down)
            #expect(await run.terminal.focusedLine(showing: "beta") != nil, "keys answer after resizes were signalled")
            run.terminal.type(.character("q"))
            #expect(await run.end() == 0, "SIGWINCH only wakes the loop")
        }

        @Test func ctrlZGivesTheTerminalBackAndDrawsTheWholeFrameAfter() async {
            let run = LoopRun(LoopTestSource())
            #expect(await run.terminal.focusedLine(showing: "alpha") != nil)
            let drawn = run.terminal.frames.count
            kill(getpid(), SIGTSTP)
            #expect(await waitUntil { run.terminal.suspensions == 1 && run.terminal.frames.count > drawn })
            run.terminal.type(.down)
            #expect(await run.terminal.focusedLine(showing: "beta") != nil, "keys answer after the process continues")
            kill(getpid(), SIGINT)
            #expect(await run.end() == 130)
        }

        @Test func aResizeDrawsAFrameOfTheNewSize() async {
            let run = LoopRun(LoopTestSource(), width: 60, height: 16)
            #expect(await run.terminal.frame { $0.count == 16 && $0[0].count == 60 } != nil)
            run.terminal.resize(width: 30, height: 8)
            #expect(await run.terminal.frame { $0.count == 8 && $0[0].count == 30 } != nil)
            #expect(await run.terminal.focusedLine(showing: "alpha") != nil)
            run.terminal.type(.character("q"))
            #expect(await run.end() == 0)
        }

        @Test func aSizeChangedWithoutItsKeyIsDrawnAtTheNextWake() async {
            let run = LoopRun(LoopTestSource(), width: 60, height: 16)
            #expect(await run.terminal.frame { $0.count == 16 && $0[0].count == 60 } != nil)
            run.terminal.resizeUnreported(width: 30, height: 8)
            #expect(await run.terminal.frame { $0.count == 8 && $0[0].count == 30 } != nil, "the loop asks the terminal its size")
            run.terminal.type(.character("q"))
            #expect(await run.end() == 0)
        }

        @Test func theFooterSaysReadingUntilTheSourceHasReadEverything() async {
            let source = LoopTestSource(complete: false)
            let run = LoopRun(source)
            #expect(await run.terminal.frame { $0.joined().contains("reading") && $0.joined().contains("alpha") } != nil)
            source.complete()
            #expect(await run.terminal.frame { !$0.joined().contains("reading") } != nil)
            run.terminal.type(.character("q"))
            #expect(await run.end() == 0)
        }

        @Test func theListenerHearsOfFocusExpansionAndThePick() async {
            let run = LoopRun(LoopTestSource(), selection: .single)
            #expect(await run.terminal.focusedLine(showing: "alpha") != nil)
            #expect(await run.terminal.frame { $0.contains { $0.contains("beta") } } != nil)
            run.terminal.type(.down)
            #expect(await run.terminal.focusedLine(showing: "beta") != nil)
            run.terminal.type(.right)
            #expect(await run.terminal.focusedLine(showing: "b1") != nil)
            run.terminal.type(.enter)
            #expect(await run.end() == 0)
            let events = run.events.withLock { $0 }
            let moves = events.filter { if case .levelEntered = $0 { false } else { true } }
            #expect(moves.first == .focusMoved("alpha"))
            #expect(events.contains(.levelEntered(1, parentID: "beta")), "\(events)")
            #expect(events.contains(.focusMoved("beta")))
            #expect(events.contains(.expanded("beta")))
            #expect(events.last == .accepted(["b1"]))
        }

        @Test func theSourceIsToldWhatAFrameShowsOnceTheTerminalHasHadItsMoment() async {
            let source = WatchingLoopSource()
            let run = LoopRun(source, intervals: [.watchShown: 1])
            #expect(await run.terminal.focusedLine(showing: "alpha") != nil)
            #expect(await waitUntil { source.watched.last?.contains("alpha") == true }, "\(source.watched)")
            run.terminal.type(.down)
            #expect(await run.terminal.focusedLine(showing: "beta") != nil)
            #expect(source.watched.last?.contains("beta") != true, "told in the frame's own turn: \(source.watched)")
            #expect(await waitUntil { source.watched.last?.contains("beta") == true }, "\(source.watched)")
            #expect(source.watched.count == 2, "each change told once: \(source.watched)")
            run.terminal.type(.character("q"))
            #expect(await run.end() == 0)
        }
    }
}

/// Whether `condition` holds within `timeout` seconds.
func waitUntil(_ timeout: Double = 30, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        try? await Task.sleep(nanoseconds: 2_000_000)
    }
    return condition()
}
