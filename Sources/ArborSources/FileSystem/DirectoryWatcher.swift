import ArborCore
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Watches a set of directories for entries created, removed, renamed or written, and reports the directories
/// that changed: the first change at once, those that follow in a burst at most every ``burstInterval``.
/// On Linux through inotify, one descriptor for all; a thread waits on it, so an idle watch costs nothing.
/// Elsewhere it watches nothing (the package builds; changes show when a list is read again).
final class DirectoryWatcher: Sendable {
    /// How often a burst of changes is reported, at most.
    static let burstInterval = 0.05

    private struct State {
        var pathsByWatch: [Int32: [UInt8]] = [:]
        var watchesByPath: [[UInt8]: Int32] = [:]
        var started = false
    }

    private let state = Mutex(State())
    private let descriptor: Int32
    private let report: @Sendable (Set<[UInt8]>) -> Void

    /// A watcher that reports to `report`, from its own thread, the paths of the directories that changed.
    init(report: @escaping @Sendable (Set<[UInt8]>) -> Void) {
        #if os(Linux)
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        #else
        descriptor = -1
        #endif
        self.report = report
    }

    /// Watches exactly these directories from now on.
    func watch(_ paths: Set<[UInt8]>) {
        #if os(Linux)
        guard descriptor >= 0 else { return }
        let mask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_ATTRIB | IN_ONLYDIR)
        let start = state.withLock { state -> Bool in
            for (path, watch) in state.watchesByPath where !paths.contains(path) {
                inotify_rm_watch(descriptor, watch)
                state.watchesByPath[path] = nil
                state.pathsByWatch[watch] = nil
            }
            for path in paths where state.watchesByPath[path] == nil {
                let watch = path.withNullTerminated { inotify_add_watch(descriptor, $0, mask) }
                guard watch >= 0 else { continue }
                state.watchesByPath[path] = watch
                state.pathsByWatch[watch] = path
            }
            defer { state.started = true }
            return !state.started && !paths.isEmpty
        }
        if start { DispatchQueue(label: "arbor.watch").async { self.readEvents() } }
        #endif
    }

    #if os(Linux)
    /// Reads events for as long as the process runs, reporting the directories they name.
    private func readEvents() {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var pending: Set<[UInt8]> = []
        var lastReport = 0.0
        while true {
            let wait = pending.isEmpty ? -1 : Int32(max(1, (lastReport + Self.burstInterval - MonotonicClock.seconds()) * 1000))
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, wait)
            if polled > 0 {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
                if count <= 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return
                }
                pending.formUnion(directories(in: buffer, count: count))
            } else if polled < 0, errno != EINTR {
                return
            }
            guard !pending.isEmpty else { continue }
            let now = MonotonicClock.seconds()
            if now - lastReport >= Self.burstInterval {
                report(pending)
                pending = []
                lastReport = now
            }
        }
    }

    /// The watched directories named by the events in the first `count` bytes of `buffer`.
    private func directories(in buffer: [UInt8], count: Int) -> Set<[UInt8]> {
        var watches: Set<Int32> = []
        var offset = 0
        buffer.withUnsafeBytes { bytes in
            while offset + 16 <= count {
                watches.insert(bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self))
                let nameLength = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                offset += 16 + nameLength
            }
        }
        return state.withLock { state in
            // An overflowed queue (watch -1) may have lost any directory's events.
            if watches.contains(-1) { return Set(state.watchesByPath.keys) }
            return Set(watches.compactMap { state.pathsByWatch[$0] })
        }
    }
    #endif
}
