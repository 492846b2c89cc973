import Synchronization

/// Counts the loads started during the current turn of the run loop that have not finished, so that a frame can
/// wait for its own loads and never for one a previous turn left running.
final class LaunchTurns: Sendable {
    private let state = Mutex<(turn: Int, running: Int)>((0, 0))

    /// Starts a new turn: loads started earlier no longer count.
    func begin() {
        state.withLock { $0 = ($0.turn + 1, 0) }
    }

    /// Notes a load started now; returns the turn to hand back to `finished`.
    func started() -> Int {
        state.withLock { state in
            state.running += 1
            return state.turn
        }
    }

    /// Notes that a load started in `turn` has finished.
    func finished(_ turn: Int) {
        state.withLock { state in
            if state.turn == turn { state.running -= 1 }
        }
    }

    /// Whether a load of this turn is still running.
    var isWaiting: Bool {
        state.withLock { $0.running > 0 }
    }
}
