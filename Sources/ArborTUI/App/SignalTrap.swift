#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

nonisolated(unsafe) private var trapWakeFD: Int32 = -1
nonisolated(unsafe) private var trapCaught: Int32 = 0

/// Turns SIGINT, SIGTERM, SIGHUP and SIGTSTP into a byte on the wake pipe, so the run loop leaves, or suspends,
/// through its normal path.
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
