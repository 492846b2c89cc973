import ArborCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one thread that owns the terminal: waits on keys and on finished loads, applies them, draws.
public final class BrowserRunLoop {
    private let terminal: any TerminalDevice
    private let performer: EffectPerformer
    private let pipe = WakePipe()
    private let inbox: ActionInbox
    private let turns = LaunchTurns()
    private var showsHidden = false

    /// Creates a loop drawing on `terminal` and loading from `source`.
    public init(terminal: any TerminalDevice, source: any HierarchySource) {
        self.terminal = terminal
        performer = EffectPerformer(source: source)
        inbox = ActionInbox(pipe: pipe)
    }

    /// Runs until a key or a signal ends it; returns the exit status. The terminal is restored on every path.
    public func run(_ controller: inout BrowserController, reveal: [String] = [], query: String? = nil) -> Int32 {
        defer { terminal.shutdown() }
        SignalTrap.install(wakeFD: pipe.writeFD)
        performer.source.observeChanges { [inbox] in inbox.post($0) }
        controller.setSourceIsReading(!performer.source.isComplete)
        let size = terminal.size
        turns.begin()
        launch(controller.start(width: size.width, height: size.height, reveal: reveal, query: query))
        settle(&controller)
        terminal.present(controller.render())
        var fds = [
            pollfd(fd: terminal.inputFD, events: Int16(POLLIN), revents: 0),
            pollfd(fd: pipe.readFD, events: Int16(POLLIN), revents: 0),
        ]
        var typedAhead: [Key] = []
        var waitingSince: Double?
        let readsAhead = performer.source.readsChildrenAhead
        var prefetchDue = readsAhead
        while true {
            var timeout: Int32 = typedAhead.isEmpty ? -1 : Int32(Self.typeAheadWait * 1000)
            if controller.isLoading { timeout = timeout < 0 ? Self.spinnerInterval : min(timeout, Self.spinnerInterval) }
            if prefetchDue { timeout = timeout < 0 ? Self.prefetchDelay : min(timeout, Self.prefetchDelay) }
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            turns.begin()
            if let signal = SignalTrap.takeCaught() {
                guard signal == SIGTSTP else { return 128 + signal }
                terminal.suspendProcess()
                let size = terminal.size
                launch(controller.resize(width: size.width, height: size.height))
                terminal.present(controller.render())
                continue
            }
            if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return 129 }
            pipe.drain()
            typedAhead += terminal.readKeys()
            if terminal.failure != nil { return 2 }
            var changed = !typedAhead.isEmpty
            if !typedAhead.isEmpty { prefetchDue = readsAhead }
            if ready == 0, controller.isLoading {
                controller.tick += 1
                changed = true
            }
            if ready == 0, prefetchDue {
                prefetchDue = false
                launch(controller.receive(.prefetchFocused))
            }
            for action in inbox.drain() {
                changed = true
                launch(controller.receive(action))
            }
            // A source that finishes reading posts a reload, whose frame drops "reading…".
            controller.setSourceIsReading(!performer.source.isComplete)
            while !typedAhead.isEmpty {
                if controller.isAwaitingFocusedColumn, typedAhead.first != .resize {
                    let now = MonotonicClock.seconds()
                    if now - (waitingSince ?? now) < Self.typeAheadWait {
                        waitingSince = waitingSince ?? now
                        break
                    }
                }
                waitingSince = nil
                let key = typedAhead.removeFirst()
                if key == .resize {
                    let size = terminal.size
                    launch(controller.resize(width: size.width, height: size.height))
                    continue
                }
                switch controller.handle(key) {
                case .exit(let status): return status
                case .proceed(let effects): launch(effects)
                case .toggleHidden:
                    showsHidden.toggle()
                    if performer.source.setShowsHidden(showsHidden) { launch(controller.receive(.reloadAll)) }
                }
            }
            if changed {
                settle(&controller)
                terminal.present(controller.render())
            }
        }
    }

    /// How long a frame waits for the loads its changes started, so that a quick listing shows in the same
    /// frame instead of after a frame saying "loading".
    static let settleWait = 0.02

    /// Applies finished loads, and the loads they start, until none of this turn's is running or `settleWait`
    /// has passed.
    private func settle(_ controller: inout BrowserController) {
        let deadline = MonotonicClock.seconds() + Self.settleWait
        var fd = pollfd(fd: pipe.readFD, events: Int16(POLLIN), revents: 0)
        while turns.isWaiting || !inbox.isEmpty {
            let remaining = deadline - MonotonicClock.seconds()
            guard remaining > 0, poll(&fd, 1, Int32((remaining * 1000).rounded(.up))) > 0 else { return }
            pipe.drain()
            for action in inbox.drain() { launch(controller.receive(action)) }
        }
    }

    /// Milliseconds the focus rests on an item before its children are read ahead.
    public static let prefetchDelay: Int32 = 20

    /// Milliseconds between two frames of the loading spinner.
    public static let spinnerInterval: Int32 = 120

    /// How long keys typed ahead wait for the focused column to load before they apply to what is there.
    static let typeAheadWait = 0.5

    /// Starts each effect in the background; its result comes back through the inbox.
    private func launch(_ effects: [BrowserEffect]) {
        for effect in effects {
            // A frame does not wait for a search: its key is drawn at once, its matches when they come.
            var isSearch = false
            if case .search = effect { isSearch = true }
            let turn = isSearch ? -1 : turns.started()
            Task.detached { [performer, inbox, turns, pipe] in
                inbox.post(await performer.perform(effect) { inbox.post($0) })
                turns.finished(turn)
                pipe.wake()
            }
        }
    }
}
