#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArborCore

/// Threads of their own for long work (reading and indexing a large input). Dispatch's global queues and the
/// tasks of Swift concurrency share one pool of as many threads as cores: long work on them leaves the tasks
/// that draw the first screen and answer keys waiting for a thread until it ends.
package enum WorkerThreads {
    /// Runs `work` on a new thread and returns at once (on the calling thread when no thread can be made).
    package static func start(_ work: @escaping @Sendable () -> Void) {
        guard let thread = spawn(work) else { return work() }
        pthread_detach(thread)
    }

    /// Runs `body(0)` here and `body(1)`... `body(count - 1)` on new threads at the same time; returns when all
    /// have ended. A part no thread could be made for runs here after `body(0)`.
    package static func perform(_ count: Int, _ body: @Sendable (Int) -> Void) {
        withoutActuallyEscaping(body) { body in
            let threads = (1..<max(1, count)).map { part in (part, spawn { body(part) }) }
            body(0)
            for (part, thread) in threads {
                if let thread { pthread_join(thread, nil) } else { body(part) }
            }
        }
    }

    /// Starts `work` on `count` new threads, each with `stackSize` bytes of stack when given; returns what
    /// waits for them to end. Work that others can do instead: a thread that cannot be made is left out.
    package static func startHelpers(_ count: Int, stackSize: Int? = nil, _ work: @escaping @Sendable () -> Void) -> () -> Void {
        let threads = (0..<max(0, count)).compactMap { _ in spawn(stackSize: stackSize, work) }
        return {
            for thread in threads { pthread_join(thread, nil) }
        }
    }

    /// A joinable thread running `work` at the lower priority; nil when none could be made (`work` has not
    /// run).
    private static func spawn(stackSize: Int? = nil, _ work: @escaping @Sendable () -> Void) -> pthread_t? {
        QueryThread.spawn(stackSize: stackSize) {
            lowerPriority()
            work()
        }
    }

    /// The cores online (at least one).
    package static var cores: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// How much lower than the rest of the program these threads run: when the cores are all busy, the
    /// thread that draws and the tasks that answer keys come first.
    static let niceness: Int32 = 10

    /// Lowers the calling thread's priority: on Linux a thread has a niceness of its own, and "process 0" is
    /// the calling thread.
    private static func lowerPriority() {
        #if canImport(Glibc)
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        _ = setpriority(which, 0, getpriority(which, 0) + niceness)
        #endif
    }
}
