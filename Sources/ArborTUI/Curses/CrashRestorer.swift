#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the handler needs, set up before it can run and read through plain pointers only: a signal handler
/// must not allocate or take locks.
nonisolated(unsafe) private var restoreFD: Int32 = -1
nonisolated(unsafe) private var restoreModes: UnsafeMutablePointer<termios>?
nonisolated(unsafe) private var restoreBytes: UnsafeMutablePointer<UInt8>?
nonisolated(unsafe) private var restoreCount = 0
nonisolated(unsafe) private var previousActions: UnsafeMutablePointer<sigaction>?

/// Gives the terminal back when the process dies of a fault or an abort (a bug while drawing, say): the
/// handler writes the sequences that leave the alternate screen and show the cursor, puts the terminal modes
/// back as they were before Arbor started, then lets the signal take its course (the previous handler, which
/// may print a backtrace, now on a normal screen).
enum CrashRestorer {
    /// The signals that end a process that has gone wrong.
    static let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

    /// Remembers the terminal's modes (`modes`, read before they were changed) and what undoes the screen set-up.
    static func install(fd: Int32, modes: termios, reset: [UInt8]) {
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, reset.count))
        bytes.initialize(from: reset, count: reset.count)
        let saved = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        saved.initialize(to: modes)
        let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        previous.initialize(repeating: sigaction(), count: 65)
        restoreBytes = bytes
        restoreCount = reset.count
        restoreModes = saved
        previousActions = previous
        restoreFD = fd
        for signal in fatalSignals {
            SignalTrap.setHandler(signal, flags: Int32(SA_NODEFER), previous: previous + Int(signal)) { caught in
                CrashRestorer.restore(caught)
            }
        }
    }

    /// Stops restoring: the terminal has been given back the ordinary way.
    static func uninstall() {
        guard restoreFD >= 0, let previousActions else { return }
        restoreFD = -1
        for signal in fatalSignals { sigaction(signal, previousActions + Int(signal), nil) }
    }

    private static func restore(_ signal: Int32) {
        if restoreFD >= 0, let restoreBytes, let restoreModes {
            _ = write(restoreFD, restoreBytes, restoreCount)
            _ = tcsetattr(restoreFD, TCSANOW, restoreModes)
            restoreFD = -1
        }
        if let previousActions { sigaction(signal, previousActions + Int(signal), nil) }
        raise(signal)
    }
}
