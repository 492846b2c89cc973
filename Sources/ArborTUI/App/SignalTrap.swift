#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArborCore

nonisolated(unsafe) private var trapWakeFD: Int32 = -1
nonisolated(unsafe) private var trapCaught: Int32 = 0
/// Set by the SIGWINCH handler; also set while no handler of the trap's hears resizes.
nonisolated(unsafe) private var trapResized: Int32 = 1
/// Whether the trap's SIGWINCH handler is installed.
nonisolated(unsafe) private var hearsResizes = false
/// The SIGWINCH handler found when the trap was installed (ncurses'), called before the wake-up.
nonisolated(unsafe) private var chainedResizeHandler: (@convention(c) (Int32) -> Void)?
/// The actions the trap replaced, by signal, put back by ``SignalTrap/uninstall()``.
nonisolated(unsafe) private var replacedActions: [Int32: sigaction] = [:]

/// The SIGWINCH handler: ncurses' first, then a byte on the wake pipe.
private func wakeAfterResize(_ signal: Int32) {
    chainedResizeHandler?(signal)
    trapResized = 1
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
        for signal in endingSignals + [SIGTSTP, SIGWINCH] where replacedActions[signal] == nil {
            var current = sigaction()
            sigaction(signal, nil, &current)
            replacedActions[signal] = current
        }
        for signal in endingSignals + [SIGTSTP] { trap(signal) }
        wakeOnResize()
    }

    /// Puts back the actions the trap replaced and forgets the wake pipe, which may be closed from now on: once
    /// the browser has ended, a signal is the program's again, and a resize writes to no descriptor of its.
    package static func uninstall() {
        trapWakeFD = -1
        hearsResizes = false
        for (signal, var action) in replacedActions { sigaction(signal, &action, nil) }
        replacedActions = [:]
        chainedResizeHandler = nil
    }

    /// Makes SIGWINCH write to the wake pipe as well, after the handler the trap replaced (ncurses', which
    /// notes the new size for the next read of keys). Without the byte, a resize arriving after the loop last
    /// read keys and before it waits again would not be read until the next key.
    private static func wakeOnResize() {
        guard let replaced = replacedActions[SIGWINCH], replaced.sa_flags & SA_SIGINFO == 0 else { return }
        #if canImport(Glibc)
        let installed = replaced.__sigaction_handler.sa_handler
        #else
        let installed = replaced.__sigaction_u.__sa_handler
        #endif
        // SIG_DFL (0) and SIG_IGN (1) are not functions to call.
        chainedResizeHandler = installed.map { unsafeBitCast($0, to: Int.self) > 1 ? $0 : nil } ?? nil
        setHandler(SIGWINCH, flags: replaced.sa_flags, wakeAfterResize)
        hearsResizes = true
    }

    /// Whether the terminal may have changed size since the last call: a SIGWINCH came, or no handler of the
    /// trap's is there to hear one. Taken before the size is read, so a resize after the read is heard again.
    package static func takeResized() -> Bool {
        guard hearsResizes else { return true }
        let resized = trapResized != 0
        trapResized = 0
        return resized
    }

    /// Stops the process as SIGTSTP would have (the terminal already given back) and returns once it continues.
    package static func stopProcess() {
        ProcessStop.program.prepare()
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
    /// Whether a signal was caught and not taken yet (its wake-up may have been read by a wait for answers).
    package static var hasCaught: Bool { trapCaught != 0 }

    package static func takeCaught() -> Int32? {
        let caught = trapCaught
        trapCaught = 0
        return caught == 0 ? nil : caught
    }
}
