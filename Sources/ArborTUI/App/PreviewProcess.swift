import ArborCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A preview command running in a process group of its own, polled by the run loop: its output read as it
/// comes, up to a cap and a time-out; stopped (the whole group killed and reaped) when the focus moves on.
final class PreviewProcess {
    /// The request it answers.
    let generation: Int
    /// The read end of its output pipe, non-blocking.
    let fd: Int32
    private let pid: pid_t
    /// When it is stopped if still running, on the monotonic clock.
    let deadline: Double
    private(set) var output: [UInt8] = []
    private var isDone = false

    /// The most output kept; the command is stopped there.
    static let outputLimit = 1 << 20
    /// Seconds a preview may run.
    static let timeout = 10.0

    /// Starts the command; nil with the reason when it cannot start.
    init(command: [UInt8], generation: Int, lines: Int, columns: Int) throws(TerminalError) {
        var ends: [Int32] = [-1, -1]
        guard ClosingPipe.make(&ends) == 0 else { throw TerminalError(String(cString: strerror(errno))) }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        let environment = ["ARBOR_PREVIEW_LINES=\(lines)", "ARBOR_PREVIEW_COLUMNS=\(columns)", "LINES=\(lines)", "COLUMNS=\(columns)"]
        let (started, failure) = ChildProcess.spawn(command, streams: .pipe(ends[1]), ownGroup: true, environment: environment)
        close(ends[1])
        guard let started else {
            close(ends[0])
            throw TerminalError("cannot run /bin/sh: \(failure ?? "")")
        }
        pid = started
        fd = ends[0]
        self.generation = generation
        deadline = MonotonicClock.seconds() + Self.timeout
    }

    /// Reads what is there; returns whether the command has finished (its output closed, the cap or the time-out
    /// reached), having reaped it.
    func readAvailable() -> (finished: Bool, note: String?) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                output += buffer[0..<min(count, Self.outputLimit - output.count)]
                if output.count >= Self.outputLimit { return (true, stop(note: "cut at " + ByteSize.text(Self.outputLimit))) }
                continue
            }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                if MonotonicClock.seconds() >= deadline { return (true, stop(note: "stopped after \(Int(Self.timeout)) s")) }
                return (false, nil)
            }
            close(fd)
            isDone = true
            let status = ChildProcess.wait(pid)
            // Its children may still run with the pipe closed: the group goes with it.
            kill(-pid, SIGKILL)
            return (true, status == 0 ? nil : "exit \(status)")
        }
    }

    /// Stops the command and whatever it started, reaped at once; returns the note given.
    @discardableResult
    func stop(note: String? = nil) -> String? {
        guard !isDone else { return note }
        isDone = true
        kill(-pid, SIGKILL)
        close(fd)
        ChildProcess.wait(pid)
        return note
    }

    deinit { stop() }
}
