import ArborCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one thread that owns the terminal. It only waits, reads, applies, renders and writes: keys, answers,
/// a source's changes and timers all reach the controller as inputs.
package final class BrowserRunLoop {
    let terminal: any TerminalDevice
    /// What the effects are asked of: the source, or the source narrowed to a query's answer.
    var performer: EffectPerformer
    /// The source itself.
    let basePerformer: EffectPerformer
    /// The newest query asked: older walks stop.
    let latestQuery = LatestGeneration()
    /// The most items a query's walk reads (a find's bound); the walk stops there and says so.
    package var itemLimit = Int.max
    let inbox: ActionInbox
    let turns = LaunchTurns()
    /// The preview command running, if one is.
    var previewProcess: PreviewProcess?
    private var timers: LoopTimers
    /// How long a frame waits for the loads its changes started: the type's `settleWait` unless a test gives another.
    private let settleWait: Double
    /// What is on screen that the source was last told to watch.
    private var watched: Set<String>?
    /// Opened with the first frame: work on the source held until then (the rest of a large input) goes on.
    package var firstFrame: FirstFrameGate?
    /// Told what each frame shows, for a program that asks.
    package var shownBoard: ShownBoard?
    /// The presenting program's listener, told of focus moves, expansions and picks.
    private var listener: ((BrowserEvent) -> Void)?

    /// Creates a loop drawing on `terminal` and loading from `source`; answers and mutations arrive in `inbox`
    /// (one of its own when none is given). `intervals` changes how long timers run, in seconds; `headStart`
    /// holds the source's first answers when they were asked before the terminal was set up; `settleWait` is how
    /// long a frame waits for the loads it started; `capabilities`, what the source does beyond answering, when the
    /// caller has asked already (asked of the source otherwise).
    package init(terminal: any TerminalDevice, source: any HierarchySource, inbox: ActionInbox = ActionInbox(pipe: WakePipe()),
                intervals: [LoopTimer: Double] = [:], headStart: SourceHeadStart? = nil, settleWait: Double = BrowserRunLoop.settleWait,
                capabilities: SourceCapabilities? = nil) {
        self.settleWait = settleWait
        self.terminal = terminal
        performer = EffectPerformer(source: source, headStart: headStart, capabilities: capabilities)
        basePerformer = performer
        self.inbox = inbox
        timers = LoopTimers(intervals: intervals)
    }

    /// Runs until a key or a signal ends it; returns the exit status. The terminal is restored on every path.
    /// `events`, when given, hears of focus moves, expansions and accepted picks as each input is applied.
    package func run(_ controller: inout BrowserController, reveal: [String] = [], query: String? = nil,
                    events: ((BrowserEvent) -> Void)? = nil) -> Int32 {
        defer {
            previewProcess?.stop()
            previewProcess = nil
            terminal.shutdown()
            SignalTrap.uninstall()
        }
        SignalTrap.install(wakeFD: inbox.wakeFD)
        let reporting = performer.capabilities.reporting
        reporting?.observeChanges { [inbox] in inbox.post(.sourceChange($0)) }
        controller.configureSource(isReading: reporting.map { !$0.isComplete } ?? false, readsAhead: performer.capabilities.readsAhead,
                                   refreshes: timers.intervals[.refresh] != nil)
        listener = events
        if events != nil { controller.reportEvents() }
        let size = terminal.size
        turns.begin()
        if let status = perform(controller.start(width: size.width, height: size.height, reveal: reveal, query: query)) { return status }
        if let status = finishTurn(&controller) { return status }
        while true {
            var fds = [
                pollfd(fd: terminal.inputFD, events: Int16(POLLIN), revents: 0),
                pollfd(fd: inbox.readFD, events: Int16(POLLIN), revents: 0),
            ]
            if let process = previewProcess { fds.append(pollfd(fd: process.fd, events: Int16(POLLIN), revents: 0)) }
            var timeout = timers.timeout(now: MonotonicClock.seconds())
            if let process = previewProcess {
                let untilDeadline = Int32(max(0, ((process.deadline - MonotonicClock.seconds()) * 1000).rounded(.up)))
                timeout = timeout < 0 ? untilDeadline : min(timeout, untilDeadline)
            }
            // The wait for a turn's answers reads the wake pipe, so a resize or a signal that came during it has
            // woken nothing: it is taken now rather than at the next key.
            let resizedUnseen = terminal.takeUnreportedResize()
            if resizedUnseen || SignalTrap.hasCaught { timeout = 0 }
            _ = poll(&fds, nfds_t(fds.count), timeout)
            turns.begin()
            if let signal = SignalTrap.takeCaught() {
                guard signal == SIGTSTP else { return 128 + signal }
                terminal.suspendProcess()
                let size = terminal.size
                if let status = perform(controller.update(.resized(width: size.width, height: size.height))) { return status }
                if let status = finishTurn(&controller) { return status }
                continue
            }
            if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return 129 }
            let keys = fds[0].revents & Int16(POLLIN) != 0 ? terminal.readKeys() : []
            var inputs = keys.map { key -> BrowserInput in
                key == .resize ? .resized(width: terminal.size.width, height: terminal.size.height) : .key(key)
            }
            if terminal.failure != nil { return 2 }
            if terminal.takeUnreportedResize() || resizedUnseen {
                inputs.append(.resized(width: terminal.size.width, height: terminal.size.height))
            }
            var due = timers.takeDue(now: MonotonicClock.seconds())
            if let watch = due.firstIndex(of: .watchShown) {
                due.remove(at: watch)
                watchShown(controller.state)
            }
            inputs += due.map(BrowserInput.timer)
            if fds[1].revents & Int16(POLLIN) != 0 || !inbox.isEmpty { inputs += inbox.drain() }
            if let output = pollPreview() { inputs.append(output) }
            guard !inputs.isEmpty else { continue }
            if let status = apply(inputs, to: &controller) { return status }
            if let status = finishTurn(&controller) { return status }
        }
    }

    /// Applies inputs in order and performs what each asks; returns the exit status when one ends the browser.
    private func apply(_ inputs: [BrowserInput], to controller: inout BrowserController) -> Int32? {
        for input in inputs {
            if case .queryAnswer(let update) = input, !takeAnswer(update) { continue }
            if let status = perform(controller.update(input)) { return status }
        }
        return nil
    }

    /// Performs everything an input asked for: the one place effects leave the controller, whether the input came
    /// while waiting for keys or while a frame settled. Returns the exit status when the input, or a command it
    /// ran, ends the browser.
    private func perform(_ effects: InputEffects) -> Int32? {
        if let listener { effects.events.forEach(listener) }
        if let status = effects.exit { return status }
        if let status = runCommands(effects.commands) { return status }
        applyQueryRequests(effects.queries)
        launch(effects.sourceRequests)
        startPreviews(effects.previews)
        if let copied = effects.clipboard { terminal.copy(copied) }
        guard !effects.timers.isEmpty else { return nil }
        let now = MonotonicClock.seconds()
        for timer in effects.timers { timers.start(timer, now: now) }
        return nil
    }

    /// Waits for this turn's loads a moment and draws the frame; returns the exit status when a held key applied
    /// meanwhile ends the browser.
    private func finishTurn(_ controller: inout BrowserController) -> Int32? {
        if let status = settle(&controller) { return status }
        terminal.present(controller.render())
        shownBoard?.publish(controller.shownItems())
        firstFrame?.open()
        let now = MonotonicClock.seconds()
        if performer.capabilities.listensToShown { timers.keep(.watchShown, now: now) }
        if controller.isLoading { timers.keep(.spinner, now: now) } else { timers.stop(.spinner) }
        return nil
    }

    /// Tells a source that watches what is on screen, or cancels what is not, what that is now, when it changed.
    /// It runs once the terminal has had `watchRest` to read the frame: its system calls and hashing would
    /// otherwise hold the processor the terminal needs to show it.
    private func watchShown(_ state: BrowserState) {
        let capabilities = performer.capabilities
        guard capabilities.listensToShown else { return }
        let ids = state.watchedIDs
        guard ids != watched else { return }
        watched = ids
        capabilities.watching?.watch(ids)
        capabilities.cancelling?.keepOnly(ids)
    }

    /// How long a frame waits for the loads its changes started, so that a quick listing shows in the same
    /// frame instead of after a frame saying "loading".
    package static let settleWait = 0.02

    /// Applies finished loads, and the loads they start, until none of this turn's is running or `settleWait`
    /// has passed; returns the exit status when a key held until a load ends the browser.
    private func settle(_ controller: inout BrowserController) -> Int32? {
        let deadline = MonotonicClock.seconds() + settleWait
        var fd = pollfd(fd: inbox.readFD, events: Int16(POLLIN), revents: 0)
        while turns.isWaiting || !inbox.isEmpty {
            let remaining = deadline - MonotonicClock.seconds()
            guard remaining > 0, poll(&fd, 1, Int32((remaining * 1000).rounded(.up))) > 0 else { return nil }
            if let status = apply(inbox.drain(), to: &controller) { return status }
        }
        return nil
    }

    /// Seconds the focus rests on an item before its children are read ahead.
    package static let prefetchDelay = 0.02

    /// Seconds the focus rests on an item before the preview command runs for it: keys held down start none.
    package static let previewRest = 0.02

    /// Seconds the screen rests, the source read, before a find's walk begins ahead of a find.
    package static let findAheadRest = 0.25

    /// Seconds after a frame before the source is told what it shows.
    package static let watchRest = 0.002

    /// Seconds between two frames of the loading spinner.
    package static let spinnerInterval = 0.12

    /// How long keys typed ahead wait for the focused column to load before they apply to what is there.
    static let typeAheadWait = 0.5

    /// Starts each effect in the background; its result comes back through the inbox.
    private func launch(_ effects: [BrowserEffect]) {
        for effect in effects {
            // A frame does not wait for a search: its key is drawn at once, its matches when they come.
            var isSearch = false
            if case .search = effect { isSearch = true }
            let load = isSearch ? nil : turns.started()
            Task.detached { [performer, inbox, turns] in
                // A long list's first part is enough for the frame: it does not wait for the rest.
                let action = await performer.perform(effect) { part in
                    turns.shown(load)
                    inbox.post(.action(part))
                }
                turns.shown(load)
                inbox.post(.action(action))
            }
        }
    }
}
