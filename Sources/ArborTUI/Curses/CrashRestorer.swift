#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

nonisolated(unsafe) private var restoreFD: Int32 = -1
nonisolated(unsafe) private var restoreModes = termios()
nonisolated(unsafe) private var restoreBytes: UnsafeMutablePointer<UInt8>?
nonisolated(unsafe) private var restoreCount = 0
nonisolated(unsafe) private var previousActions = (0..<65).map { _ in sigaction() }

/// Gives the terminal back when the process dies of a fault or an abort (a bug while drawing, say): the
/// handler writes the sequences that leave the alternate screen and show the cursor, puts the terminal modes
/// back as they were before Arbor started, then lets the signal take its course (the previous handler, which
/// may print a backtrace, now on a normal screen).
enum CrashRestorer {
    /// The signals that end a process that has gone wrong.
    static let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

    /// Remembers the terminal's modes (`modes`, read before curses changed them) and what undoes the screen set-up.
    static func install(fd: Int32, modes: termios, reset: [UInt8]) {
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, reset.count))
        buffer.initialize(from: reset, count: reset.count)
        restoreBytes = buffer
        restoreCount = reset.count
        restoreModes = modes
        restoreFD = fd
        for signal in fatalSignals {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = { caught in CrashRestorer.restore(caught) }
            #else
            action.__sigaction_u.__sa_handler = { caught in CrashRestorer.restore(caught) }
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(SA_NODEFER)
            sigaction(signal, &action, &previousActions[Int(signal)])
        }
    }

    /// Stops restoring: the terminal has been given back the ordinary way.
    static func uninstall() {
        guard restoreFD >= 0 else { return }
        restoreFD = -1
        for signal in fatalSignals { sigaction(signal, &previousActions[Int(signal)], nil) }
    }

    private static func restore(_ signal: Int32) {
        if restoreFD >= 0, let bytes = restoreBytes {
            _ = write(restoreFD, bytes, restoreCount)
            _ = tcsetattr(restoreFD, TCSANOW, &restoreModes)
            restoreFD = -1
        }
        sigaction(signal, &previousActions[Int(signal)], nil)
        raise(signal)
    }
}
