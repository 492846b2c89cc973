import Dispatch

/// Work that blocks its thread (a statement waiting on a server) run on a thread of Dispatch's pool, so that
/// Swift's cooperative pool, one thread a core, stays free for the rest while it waits.
enum BlockingWork {
    /// Runs `body` on another thread and returns what it returns or throws.
    static func run<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
        }
    }
}
