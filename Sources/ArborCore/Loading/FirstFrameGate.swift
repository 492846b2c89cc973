#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Where work that can wait for the browser's first frame (the rest of a large input read and indexed while its
/// first part is shown) waits until that frame is on screen, the work's result is needed, or a bound passes:
/// until then the first frame has the cores to itself.
/// Each request to open a source has its own; the browser that shows the source opens it.
package final class FirstFrameGate: Sendable {
    private let isOpen = Atomic(false)

    package init() {}

    /// Lets the work waiting, and any to come, go on.
    package func open() {
        isOpen.store(true, ordering: .releasing)
    }

    /// Whether the gate has been opened.
    package var opened: Bool { isOpen.load(ordering: .acquiring) }

    /// Waits until the gate is open, at most `bound` seconds.
    package func wait(atMost bound: Double = 0.25) {
        let deadline = MonotonicClock.seconds() + bound
        while !opened, MonotonicClock.seconds() < deadline { usleep(1_000) }
    }
}
