import Synchronization

/// Counts the loads started during the current turn of the run loop that have not finished, so that a frame can
/// wait for its own loads and never for one a previous turn left running.
final class LaunchTurns: Sendable {
    private let state = Mutex<(turn: Int, running: Int)>((0, 0))

    /// One load of a turn, which stops holding the frame once: at its first part or at its end.
    final class Load: Sendable {
        fileprivate let turn: Int
        fileprivate let done = Atomic(false)

        fileprivate init(turn: Int) {
            self.turn = turn
        }
    }

    /// Starts a new turn: loads started earlier no longer count.
    func begin() {
        state.withLock { $0 = ($0.turn + 1, 0) }
    }

    /// Notes a load started now, which the turn's frame waits for; returns it to hand back to `shown`.
    func started() -> Load {
        state.withLock { state in
            state.running += 1
            return Load(turn: state.turn)
        }
    }

    /// Notes that a load has something to show, its first part or its whole answer: the frame waits for it no
    /// longer. Later calls for the same load change nothing, nor does a load the frame never waited for (nil).
    func shown(_ load: Load?) {
        guard let load, !load.done.exchange(true, ordering: .acquiringAndReleasing) else { return }
        state.withLock { state in
            if state.turn == load.turn { state.running -= 1 }
        }
    }

    /// Whether a load of this turn has nothing to show yet.
    var isWaiting: Bool {
        state.withLock { $0.running > 0 }
    }
}
