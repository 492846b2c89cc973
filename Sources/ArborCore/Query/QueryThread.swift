import ArborPath
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread with the stack a query's walk needs (``JSONPath/stackSize``): the walk recurses once per level,
/// which the main thread's or a pool thread's stack holds only to a few thousand levels. The stack is reserved,
/// not touched, so a shallow walk costs no more memory than on any other thread.
public enum QueryThread {
    /// Runs `work` on a thread of its own and returns at once.
    public static func start(_ work: @escaping @Sendable () -> Void) {
        // Without a thread to be had, the walk runs here, as deep as this stack allows.
        guard let thread = spawn(stackSize: JSONPath.stackSize, work) else { return work() }
        pthread_detach(thread)
    }

    /// A new joinable thread running `work`, with `stackSize` bytes of stack reserved when given; nil when no
    /// thread could be made (`work` then has not run).
    package static func spawn(stackSize: Int? = nil, _ work: @escaping @Sendable () -> Void) -> pthread_t? {
        let box = Unmanaged.passRetained(WorkBox(work)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        if let stackSize { pthread_attr_setstacksize(&attributes, stackSize) }
#if canImport(Glibc)
        var thread = pthread_t()
#else
        var thread: pthread_t?
#endif
        let created = pthread_create(&thread, &attributes, { context in
            guard let context else { return nil }
            Unmanaged<WorkBox>.fromOpaque(context).takeRetainedValue().work()
            return nil
        }, box)
        guard created == 0 else { Unmanaged<WorkBox>.fromOpaque(box).release(); return nil }
        return thread
    }

    /// Runs `work` on a thread of its own and waits for its value.
    public static func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value) -> Value {
        let outcome = Mutex<Value?>(nil)
        let done = DispatchSemaphore(value: 0)
        start {
            let value = work()
            outcome.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return outcome.withLock { $0! }
    }

    private final class WorkBox {
        let work: @Sendable () -> Void
        init(_ work: @escaping @Sendable () -> Void) { self.work = work }
    }
}
