#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

nonisolated(unsafe) private var trapWakeFD: Int32 = -1
nonisolated(unsafe) private var trapCaught: Int32 = 0
/// The SIGWINCH handler found when the trap was first installed (ncurses'), called before the wake-up.
nonisolated(unsafe) private var chainedResizeHandler: (@convention(c) (Int32) -> Void)?

/// The SIGWINCH handler: ncurses' first, then a byte on the wake pipe.
private func wakeAfterResize(_ signal: Int32) {
    chainedResizeHandler?(signal)
    var byte: UInt8 = 0
    _ = write(trapWakeFD, &byte, 1)
}

/// Turns SIGINT, SIGTERM, SIGHUP and SIGTSTP into a byte on the wake pipe, so the run loop leaves, or suspends,
/// through its normal path; SIGWINCH wakes it too, to read the resize.
package enum SignalTrap {
    /// The signals that end the browser.
    package static let endingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Installs the handlers; they write to `wakeFD`. The signals the browser relies on (these, SIGWINCH for
    /// resizes, SIGTSTP and SIGCONT for suspending) are unblocked, since a parent may have started it with them blocked.
    package static func install(wakeFD: Int32) {
        trapWakeFD = wakeFD
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signal in endingSignals + [SIGWINCH, SIGTSTP, SIGCONT] { sigaddset(&unblocked, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        for signal in endingSignals + [SIGTSTP] { trap(signal) }
        wakeOnResize()
    }

    /// Makes SIGWINCH write to the wake pipe as well, after the handler that was there (ncurses', which notes
    /// the new size for the next read of keys). Without the byte, a resize arriving after the loop last read
    /// keys and before it waits again would not be read until the next key.
    private static func wakeOnResize() {
        let handler: @convention(c) (Int32) -> Void = wakeAfterResize
        var current = sigaction()
        sigaction(SIGWINCH, nil, &current)
        guard current.sa_flags & SA_SIGINFO == 0 else { return }
        #if canImport(Glibc)
        let installed = current.__sigaction_handler.sa_handler
        #else
        let installed = current.__sigaction_u.__sa_handler
        #endif
        let address = installed.map { unsafeBitCast($0, to: Int.self) } ?? 0
        if address == unsafeBitCast(handler, to: Int.self) { return }
        // SIG_DFL (0) and SIG_IGN (1) are not functions to call.
        chainedResizeHandler = address > 1 ? installed : nil
        setHandler(SIGWINCH, flags: current.sa_flags, handler)
    }

    /// Stops the process as SIGTSTP would have (the terminal already given back) and returns once it continues.
    package static func stopProcess() {
        signal(SIGTSTP, SIG_DFL)
        kill(getpid(), SIGTSTP)
        trap(SIGTSTP)
    }

    private static func trap(_ signal: Int32) {
        setHandler(signal) { caught in
            trapCaught = caught
            var byte: UInt8 = 0
            _ = write(trapWakeFD, &byte, 1)
        }
    }

    /// Sets `handler` for `signal` with an empty mask; the action it replaces goes to `previous` when given.
    static func setHandler(_ signal: Int32, flags: Int32 = 0, previous: UnsafeMutablePointer<sigaction>? = nil,
                           _ handler: @convention(c) (Int32) -> Void) {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
        #else
        action.__sigaction_u.__sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = flags
        sigaction(signal, &action, previous)
    }

    /// The signal caught since the last call, if any.
    package static func takeCaught() -> Int32? {
        let caught = trapCaught
        trapCaught = 0
        return caught == 0 ? nil : caught
    }
}
