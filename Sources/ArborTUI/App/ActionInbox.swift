import ArborCore
import Synchronization

/// Where background loads leave their results for the run loop, which a wake pipe tells.
public final class ActionInbox: Sendable {
    private let pending = Mutex<[BrowserAction]>([])
    private let pipe: WakePipe

    /// Creates an inbox that wakes `pipe` on every delivery.
    public init(pipe: WakePipe) {
        self.pipe = pipe
    }

    /// Leaves an action and wakes the run loop.
    public func post(_ action: BrowserAction) {
        pending.withLock { $0.append(action) }
        pipe.wake()
    }

    /// Whether no action waits.
    public var isEmpty: Bool {
        pending.withLock { $0.isEmpty }
    }

    /// Takes every action left so far, oldest first.
    public func drain() -> [BrowserAction] {
        pending.withLock { actions in
            defer { actions.removeAll() }
            return actions
        }
    }
}
