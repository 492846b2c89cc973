import ArborCore
import ArborSources
import ArborTUI
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens the source on another thread. When that takes longer than a moment (a large document, a slow pipe),
/// the terminal says what is being read until it is done, and q, Esc or Ctrl-C stop Arbor; the browser then
/// goes on in the same terminal.
enum SourceLoading {
    /// How long opening may take before the loading screen shows.
    static let patience: Int32 = 150

    /// The opened source; the loading screen, when one is needed, draws on `terminal`, which stays acquired for
    /// the browser. The problems in the data are printed here when no terminal is in use, else once it is given
    /// back. With `streaming`, a long path list opens as soon as its first part is read.
    static func open(_ options: SourceOptions, name: String, terminal lease: TerminalLease, streaming: Bool)
        throws(ArborFailure) -> OpenedSource {
        try Program.requireSource(options)
        let pipe = WakePipe()
        let result = Mutex<Result<OpenedSource, SourceLoadError>?>(nil)
        let request = options.request
        DispatchQueue.global().async {
            let opened = Result { () throws(SourceLoadError) in
                let opened = try SourceOpener.open(request, streaming: streaming)
                return request.watches ? SourceOpener.following(opened, request: request) : opened
            }
            result.withLock { $0 = opened }
            pipe.wake()
        }
        var ready = [pollfd(fd: pipe.readFD, events: Int16(POLLIN), revents: 0)]
        if poll(&ready, 1, patience) == 0, let shown = try? lease.acquire() {
            try waitShowing(shown, name: name, pipe: pipe) { result.withLock { $0 != nil } }
        }
        while result.withLock({ $0 == nil }) {
            _ = poll(&ready, 1, -1)
            pipe.drain()
        }
        switch result.withLock({ $0! }) {
        case .success(let opened):
            if !lease.wasAcquired { for problem in opened.problems { printError("arbor: " + problem) } }
            return opened
        case .failure(let error):
            lease.release()
            throw .invalid(error.message)
        }
    }

    /// Draws the loading screen until `done`, answering keys, resizes and signals.
    private static func waitShowing(_ terminal: CursesTerminal, name: String, pipe: WakePipe, done: () -> Bool) throws(ArborFailure) {
        SignalTrap.install(wakeFD: pipe.writeFD)
        var fds = [pollfd(fd: terminal.inputFD, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: pipe.readFD, events: Int16(POLLIN), revents: 0)]
        var tick = 0
        let started = MonotonicClock.seconds()
        while !done() {
            terminal.present(frame(terminal.size, name: name, tick: tick, elapsed: MonotonicClock.seconds() - started))
            _ = poll(&fds, 2, BrowserRunLoop.spinnerInterval)
            tick += 1
            pipe.drain()
            if let signal = SignalTrap.takeCaught() {
                guard signal == SIGTSTP else { throw stop(terminal, status: 128 + signal) }
                terminal.suspendProcess()
            }
            for key in terminal.readKeys() where key == .character("q") || key == .escape || key == .control("c") {
                throw stop(terminal, status: 130)
            }
            if terminal.failure != nil { throw stop(terminal, status: 2) }
        }
    }

    /// Gives the terminal back; the failure that ends Arbor with `status`.
    private static func stop(_ terminal: CursesTerminal, status: Int32) -> ArborFailure {
        terminal.shutdown()
        return ArborFailure(message: terminal.failure, status: status)
    }

    /// The loading screen: the source's name on top, what is happening in the middle, how to stop below.
    static func frame(_ size: (width: Int, height: Int), name: String, tick: Int, elapsed: Double) -> CellGrid {
        var grid = CellGrid(width: size.width, height: size.height)
        grid.fill(" ", x: 0, y: 0, count: grid.width, style: CellStyle(.header))
        grid.write(name, x: 1, y: 0, limit: max(0, grid.width - 2), style: CellStyle(.header))
        let spinner = BrowserScreen.spinner[tick % BrowserScreen.spinner.count]
        let text = "\(spinner) reading \(name)… \(Int(elapsed)) s"
        grid.write(text, x: max(1, (grid.width - CellGrid.drawnWidth(of: text)) / 2), y: grid.height / 2, style: CellStyle(.dim))
        if grid.height > 1 {
            grid.fill(" ", x: 0, y: grid.height - 1, count: grid.width, style: CellStyle(.footer))
            grid.write("q stop", x: 1, y: grid.height - 1, limit: max(0, grid.width - 2), style: CellStyle(.footer))
        }
        return grid
    }
}
