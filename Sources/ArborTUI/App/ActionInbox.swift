import ArborCore
import Synchronization

/// Where background loads, a source's changes and the presenting program's mutations leave their inputs for the
/// run loop, which a wake pipe tells.
package final class ActionInbox: Sendable {
    private let pending = Mutex<[BrowserInput]>([])
    private let pipe: WakePipe

    /// Creates an inbox that wakes `pipe` on every delivery.
    package init(pipe: WakePipe) {
        self.pipe = pipe
    }

    /// Leaves an input and wakes the run loop.
    package func post(_ input: BrowserInput) {
        pending.withLock { $0.append(input) }
        pipe.wake()
    }

    /// Leaves inputs together, so that the run loop takes them in one turn, and wakes it.
    package func post(contentsOf inputs: [BrowserInput]) {
        guard !inputs.isEmpty else { return }
        pending.withLock { $0.append(contentsOf: inputs) }
        pipe.wake()
    }

    /// Whether no input waits.
    package var isEmpty: Bool {
        pending.withLock { $0.isEmpty }
    }

    /// The descriptor to poll: readable once something was posted.
    package var readFD: Int32 { pipe.readFD }

    /// The descriptor a signal handler writes a byte to, to wake the run loop.
    package var wakeFD: Int32 { pipe.writeFD }

    /// Takes every input left so far, oldest first, and empties the wake pipe.
    package func drain() -> [BrowserInput] {
        pipe.drain()
        return pending.withLock { inputs in
            defer { inputs.removeAll() }
            return inputs
        }
    }
}
