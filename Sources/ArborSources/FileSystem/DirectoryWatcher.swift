import ArborCore
import Dispatch
import Synchronization

/// Watches a set of directories for entries created, removed, renamed or written, and reports the paths that
/// changed: the first change at once, those that follow in a burst at most every ``burstInterval``.
/// Through inotify on Linux and kqueue on macOS; a thread waits on the kernel, so an idle watch costs nothing.
/// Elsewhere it watches nothing (the package builds; changes show when a list is read again).
final class DirectoryWatcher: Sendable {
    /// How often a burst of changes is reported, at most.
    static let burstInterval = 0.05

    private let kernel: (any KernelChangeQueue)?
    private let started = Mutex(false)
    private let report: @Sendable (Set<[UInt8]>) -> Void

    /// A watcher that reports to `report`, from its own thread, the paths of the directories that changed; on
    /// Linux, a directory of `largeDirectoryBytes` or more (as `stat` gives its size) is watched for entries
    /// created, removed or renamed, and not for its files written.
    init(largeDirectoryBytes: Int = .max, report: @escaping @Sendable (Set<[UInt8]>) -> Void) {
        #if os(Linux)
        kernel = InotifyQueue(largeDirectoryBytes: largeDirectoryBytes)
        #elseif canImport(Darwin)
        kernel = KqueueQueue()
        #else
        kernel = nil
        #endif
        self.report = report
    }

    /// Watches exactly these paths from now on: directories, and where the kernel watches them (kqueue) files.
    func watch(_ paths: Set<[UInt8]>) {
        guard let kernel else { return }
        kernel.register(paths)
        let start = started.withLock { started in
            defer { started = started || !paths.isEmpty }
            return !started && !paths.isEmpty
        }
        if start { DispatchQueue(label: "arbor.watch").async { self.readEvents(from: kernel) } }
    }

    /// Reads events for as long as the process runs, reporting the paths they name.
    private func readEvents(from kernel: any KernelChangeQueue) {
        var pending: Set<[UInt8]> = []
        var lastReport = 0.0
        while true {
            let wait = pending.isEmpty ? -1 : Int32(max(1, (lastReport + Self.burstInterval - MonotonicClock.seconds()) * 1000))
            guard let changed = kernel.wait(milliseconds: wait) else { return }
            pending.formUnion(changed)
            guard !pending.isEmpty else { continue }
            let now = MonotonicClock.seconds()
            if now - lastReport >= Self.burstInterval {
                report(pending)
                pending = []
                lastReport = now
            }
        }
    }
}

/// The kernel's change notification as the watcher uses it: registrations that follow a set of paths, and a
/// wait that returns the paths that changed.
protocol KernelChangeQueue: Sendable {
    /// Watches exactly these paths from now on.
    func register(_ paths: Set<[UInt8]>)
    /// Waits up to `milliseconds` (-1: as long as it takes) and returns the paths that changed, empty when the
    /// time ran out; nil when the queue can no longer be read.
    func wait(milliseconds: Int32) -> Set<[UInt8]>?
}
