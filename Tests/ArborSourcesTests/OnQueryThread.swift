import ArborCore

/// Runs a query's walk on a ``QueryThread`` and awaits its value without holding a thread of the tasks' pool,
/// which the walk's own requests to an async source need.
func onQueryThread<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        QueryThread.start { continuation.resume(returning: body()) }
    }
}
