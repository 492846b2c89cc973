import Dispatch
import Synchronization

/// Runs async work to its end from synchronous code, so that the main thread stays the one that owns the terminal
/// (or a query's walk its own thread). Never call it from a task: the work needs a thread of the tasks' pool.
package func blocking<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) throws -> Value {
    let outcome = Mutex<Result<Value, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        let result: Result<Value, any Error>
        do { result = .success(try await work()) } catch { result = .failure(error) }
        outcome.withLock { $0 = result }
        done.signal()
    }
    done.wait()
    return try outcome.withLock { $0! }.get()
}
