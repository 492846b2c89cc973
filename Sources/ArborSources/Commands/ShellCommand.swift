import ArborCore
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a command line through `/bin/sh -c` with a time limit, collecting its output.
enum ShellCommand {
    /// Held while pipes are made close-on-exec and while a child is spawned, so that no child started by another
    /// thread inherits the write end of a pipe (its reader would then wait for that child too).
    private static let spawnLock = Mutex<Void>(())

    /// What a finished (or stopped) command left.
    struct Outcome {
        var status: Int32
        var output: CommandOutput
        var errors: [UInt8]
        var timedOut: Bool
        /// Whether the output reached the limit and the command was stopped there.
        var stoppedAtLimit = false
    }

    /// The most of a command's stderr that is kept (its first line is what is shown).
    private static let errorLimit = 64 << 10

    /// Runs `command` with stdin from /dev/null; after `timeout` seconds, or once its output and the output's
    /// index take `limit` bytes, its process group is killed.
    static func run(_ command: String, timeout: Double, limit: Int = .max) throws(SourceError) -> Outcome {
        var outPipe: [Int32] = [-1, -1]
        var errPipe: [Int32] = [-1, -1]
        let created = spawnLock.withLock { _ in
            guard pipe(&outPipe) == 0, pipe(&errPipe) == 0 else { return false }
            for fd in outPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            return true
        }
        guard created else { throw SourceError("cannot run the command: \(SourceFile.reason(errno))") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, signal) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let words: [String] = ["/bin/sh", "-c", command]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = spawnLock.withLock { _ in
            let result = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environ)
            close(outPipe[1])
            close(errPipe[1])
            return result
        }
        defer { close(outPipe[0]); close(errPipe[0]) }
        guard spawned == 0 else { throw SourceError("cannot run /bin/sh: \(SourceFile.reason(spawned))") }
        var outcome = Outcome(status: 0, output: CommandOutput(), errors: [], timedOut: false)
        var open = [outPipe[0], errPipe[0]]
        let deadline = now() + timeout
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !open.isEmpty {
            let remaining = deadline - now()
            if remaining <= 0 {
                outcome.timedOut = true
                kill(-pid, SIGKILL)
                break
            }
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if poll(&fds, nfds_t(fds.count), Int32(min(remaining, 1) * 1000) + 1) <= 0 { continue }
            for entry in fds where entry.revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    if entry.fd == outPipe[0] {
                        outcome.output.append(buffer[0..<count])
                    } else if outcome.errors.count < errorLimit {
                        outcome.errors += buffer[0..<count]
                    }
                } else if count == 0 || errno != EINTR {
                    open.removeAll { $0 == entry.fd }
                }
            }
            if outcome.output.footprint >= limit {
                outcome.stoppedAtLimit = true
                kill(-pid, SIGKILL)
                break
            }
        }
        if outcome.timedOut || outcome.stoppedAtLimit { outcome.output.dropIncompleteLine() } else { outcome.output.finish() }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        outcome.status = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return outcome
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// A word quoted for `/bin/sh`.
    static func quote(_ word: String) -> String {
        "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
