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
///
/// A gate may follow the browser's: it then opens with the frame drawn after it is asked to
/// (``openWithNextFrame()``), so that a file opened inside a directory is shown before the rest of it is read.
package final class FirstFrameGate: Sendable {
    private let isOpen = Atomic(false)
    /// How many frames the browser opening this gate has drawn.
    private let frames = Atomic(0)
    /// The gate whose frames open this one, if any.
    private let leader: FirstFrameGate?
    /// The leader's frame count after which this gate is open.
    private let openAfter = Atomic(Int.max)

    /// A gate; `leader`'s next frame opens it once ``openWithNextFrame()`` is called.
    package init(following leader: FirstFrameGate? = nil) {
        self.leader = leader
    }

    /// Lets the work waiting, and any to come, go on; the browser calls it after each frame.
    package func open() {
        isOpen.store(true, ordering: .releasing)
        frames.add(1, ordering: .releasing)
    }

    /// Opens the gate with the leader's next frame, or at once when the leader draws none (no browser shows it).
    package func openWithNextFrame() {
        guard let leader, leader.frames.load(ordering: .acquiring) > 0 else { return open() }
        openAfter.store(leader.frames.load(ordering: .acquiring), ordering: .releasing)
    }

    /// Whether the gate has been opened.
    package var opened: Bool {
        if isOpen.load(ordering: .acquiring) { return true }
        guard let leader else { return false }
        return leader.frames.load(ordering: .acquiring) > openAfter.load(ordering: .acquiring)
    }

    /// Waits until the gate is open, at most `bound` seconds.
    package func wait(atMost bound: Double = 0.25) {
        let deadline = MonotonicClock.seconds() + bound
        while !opened, MonotonicClock.seconds() < deadline { usleep(1_000) }
    }
}
