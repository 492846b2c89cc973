import ArborCore
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How the first phase of a run ended when it did not end with the source open.
package struct OpeningStop: Error, Sendable, Equatable {
    /// The exit status: 130 when the user stopped it, 128 + N for signal N, 2 when the terminal failed.
    package var status: Int32
    /// What went wrong with the terminal, if that ended it.
    package var failure: String?
}

extension BrowserRunLoop {
    /// How long opening may take, in seconds, before the loading screen shows.
    package static let openingPatience = 0.15

    /// The first phase of a run: `start` opens the source on a thread of its own and hands the result to its
    /// completion. Past `openingPatience` the terminal is acquired (through the lease, its only opener) and shows
    /// the loading screen, which answers resizes, Ctrl-Z and signals as the browser does, q, Esc and Ctrl-C
    /// stopping; the terminal then stays acquired for the browser. A failure to open gives the terminal back
    /// with `release` and is returned; being stopped throws how it ended, the terminal given back too.
    package static func open<Opened: Sendable>(
        name: String, progress: ReadProgress? = nil, acquire: () -> (any TerminalDevice)?, release: () -> Void,
        start: (@escaping @Sendable (Result<Opened, any Error>) -> Void) -> Void
    ) throws(OpeningStop) -> Result<Opened, any Error> {
        let pipe = WakePipe()
        let opened = Mutex<Result<Opened, any Error>?>(nil)
        start { result in
            opened.withLock { $0 = result }
            pipe.wake()
        }
        let isOpened = { opened.withLock { $0 != nil } }
        var wake = pollfd(fd: pipe.readFD, events: Int16(POLLIN), revents: 0)
        if !isOpened(), poll(&wake, 1, Int32(openingPatience * 1000)) == 0, let terminal = acquire() {
            defer { SignalTrap.uninstall() }
            try showLoading(name: name, progress: progress, on: terminal, release: release, pipe: pipe, isOpened: isOpened)
        }
        while !isOpened() {
            _ = poll(&wake, 1, -1)
            pipe.drain()
        }
        let result = opened.withLock { $0! }
        if case .failure = result { release() }
        return result
    }

    /// Draws the loading screen until `isOpened`, a turn each spinner interval or event.
    private static func showLoading(name: String, progress: ReadProgress?, on terminal: any TerminalDevice, release: () -> Void,
                                    pipe: WakePipe, isOpened: () -> Bool) throws(OpeningStop) {
        SignalTrap.install(wakeFD: pipe.writeFD)
        var fds = [pollfd(fd: terminal.inputFD, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: pipe.readFD, events: Int16(POLLIN), revents: 0)]
        let started = MonotonicClock.seconds()
        var tick = 0
        while !isOpened() {
            let frame = LoadingFrame(name: name, tick: tick, elapsed: MonotonicClock.seconds() - started, progress: progress)
            terminal.present(frame.render(size: terminal.size))
            _ = poll(&fds, 2, Int32(spinnerInterval * 1000))
            tick += 1
            pipe.drain()
            if let signal = SignalTrap.takeCaught() {
                guard signal == SIGTSTP else { throw stop(release, status: 128 + signal, failure: terminal.failure) }
                terminal.suspendProcess()
            }
            if terminal.readKeys().contains(where: { [.character("q"), .escape, .control("c")].contains($0) }) {
                throw stop(release, status: 130, failure: nil)
            }
            if let failure = terminal.failure { throw stop(release, status: 2, failure: failure) }
        }
    }

    private static func stop(_ release: () -> Void, status: Int32, failure: String?) -> OpeningStop {
        release()
        return OpeningStop(status: status, failure: failure)
    }
}
