import Synchronization

/// Work the user is waiting for (a query's walk), which the walk ahead of a find steps aside for: on a machine
/// of few cores the two would otherwise share them, and the answer on screen would come later for a find that
/// may never be asked.
package final class ForegroundWork: Sendable {
    /// The process's: queries hold it, walks ahead read it.
    package static let shared = ForegroundWork()

    private let running = Atomic<Int>(0)

    package init() {}

    /// True while some work holds it.
    package var isRunning: Bool { running.load(ordering: .acquiring) > 0 }

    /// Runs `body`, the walks ahead waiting meanwhile.
    package func during<Result>(_ body: () throws -> Result) rethrows -> Result {
        begin()
        defer { end() }
        return try body()
    }

    /// Holds it until the matching ``end()``.
    package func begin() {
        running.add(1, ordering: .acquiringAndReleasing)
    }

    /// Releases a hold of ``begin()``.
    package func end() {
        running.subtract(1, ordering: .acquiringAndReleasing)
    }

    /// Returns once no work holds it, or `shouldStop` says so; checked every few milliseconds.
    package func waitUntilIdle(shouldStop: () -> Bool) async {
        while isRunning, !shouldStop() {
            try? await Task.sleep(nanoseconds: 4_000_000)
        }
    }
}
