import ArborCore
import Synchronization

/// The function a source reports its changes with, kept for the sources it wraps to report through.
final class ChangeRelay: Sendable {
    private let report = Mutex<(@Sendable (SourceChange) -> Void)?>(nil)

    /// Keeps the function changes are reported with.
    func observe(_ report: @escaping @Sendable (SourceChange) -> Void) {
        self.report.withLock { $0 = report }
    }

    /// Reports a change, if anyone listens.
    func send(_ change: SourceChange) {
        report.withLock { $0 }?(change)
    }
}
