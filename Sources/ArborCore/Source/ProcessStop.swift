import Synchronization

/// What is done before the program stops itself (Ctrl-Z): work that other programs would otherwise wait for
/// while it is stopped, such as giving up the lease on a mapped file.
package final class ProcessStop: Sendable {
    /// The program's own: what the run loop does before it stops the process.
    package static let program = ProcessStop()

    private let preparations = Mutex<[@Sendable () -> Void]>([])

    /// A list of its own, for a test (the program's holds what its sources added).
    package init() {}

    /// Adds `work` to what is done, in the order added, each time before the program stops.
    package func beforeStopping(_ work: @escaping @Sendable () -> Void) {
        preparations.withLock { $0.append(work) }
    }

    /// Does what was added; called just before the program stops itself.
    package func prepare() {
        for work in preparations.withLock({ $0 }) { work() }
    }
}
