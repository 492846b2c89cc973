import Synchronization

/// What is done before the program stops itself (Ctrl-Z): work that other programs would otherwise wait for
/// while it is stopped, such as giving up the lease on a mapped file.
package enum ProcessStop {
    private static let preparations = Mutex<[@Sendable () -> Void]>([])

    /// Adds `work` to what is done, in the order added, each time before the program stops.
    package static func beforeStopping(_ work: @escaping @Sendable () -> Void) {
        preparations.withLock { $0.append(work) }
    }

    /// Does what was added; called just before the program stops itself.
    package static func prepare() {
        for work in preparations.withLock({ $0 }) { work() }
    }
}
