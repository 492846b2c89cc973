#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts `/bin/sh -c COMMAND` for the run loop: a preview writing to a pipe, a command given the terminal,
/// or one run silently; the signals Arbor traps are given back their defaults in the child.
enum ChildProcess {
    /// Where the child's standard streams go.
    enum Streams {
        /// stdin from /dev/null, stdout and stderr into the pipe's write end.
        case pipe(Int32)
        /// All three on the terminal.
        case terminal
        /// All three on /dev/null.
        case none
    }

    /// The child's pid, or nil (with errno's reason) when it could not start. With `ownGroup`, the child leads a
    /// process group of its own, so that stopping it stops what it started too.
    static func spawn(_ command: [UInt8], streams: Streams, ownGroup: Bool, environment extra: [String] = []) -> (pid_t?, String?) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        switch streams {
        case .pipe(let fd):
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, fd, 1)
            posix_spawn_file_actions_adddup2(&actions, fd, 2)
        case .terminal:
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/tty", O_RDWR, 0)
            posix_spawn_file_actions_adddup2(&actions, 0, 1)
            posix_spawn_file_actions_adddup2(&actions, 0, 2)
        case .none:
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGWINCH, SIGCONT] { sigaddset(&defaults, signal) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var flags = Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
        if ownGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let words: [[UInt8]] = [Array("/bin/sh".utf8), Array("-c".utf8), command]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { cString($0) } + [nil]
        var environment: [UnsafeMutablePointer<CChar>?] = []
        var entry = environ
        while let pointer = entry.pointee {
            environment.append(strdup(pointer))
            entry += 1
        }
        environment += extra.map { strdup($0) }
        environment.append(nil)
        defer {
            argv.forEach { free($0) }
            environment.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environment)
        guard result == 0 else { return (nil, String(cString: strerror(result))) }
        return (pid, nil)
    }

    /// Waits for a child and returns its exit status (128 + the signal that ended it).
    @discardableResult
    static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    private static func cString(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar>? {
        let pointer = malloc(bytes.count + 1)!.assumingMemoryBound(to: CChar.self)
        for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
        pointer[bytes.count] = 0
        return pointer
    }
}
