import ArborCore
import ArborTUI
import Foundation
import Synchronization
import Testing

/// A terminal in memory: keys typed by the test, frames kept as text, Ctrl-Z counted instead of stopping.
final class FakeTerminal: TerminalDevice, Sendable {
    private struct State {
        var keys: [Key] = []
        var frames: [[String]] = []
        var size: (width: Int, height: Int)
        var suspensions = 0
        var shutdowns = 0
        var unreportedResize = false
    }

    private let state: Mutex<State>
    private let keyPipe = WakePipe()

    init(width: Int, height: Int) {
        state = Mutex(State(size: (width, height)))
    }

    var inputFD: Int32 { keyPipe.readFD }
    var size: (width: Int, height: Int) { state.withLock { $0.size } }
    var failure: String? { nil }

    /// Types keys, as a person at the keyboard would.
    func type(_ keys: Key...) {
        state.withLock { $0.keys += keys }
        keyPipe.wake()
    }

    /// Makes the terminal this size and says so, as SIGWINCH does.
    func resize(width: Int, height: Int) {
        state.withLock { $0.size = (width, height) }
        type(.resize)
    }

    /// Makes the terminal this size and wakes the loop without a resize key, as when the last of a storm of
    /// resizes comes after the key of an earlier one was read.
    func resizeUnreported(width: Int, height: Int) {
        state.withLock {
            $0.size = (width, height)
            $0.unreportedResize = true
        }
        keyPipe.wake()
    }

    func takeUnreportedResize() -> Bool {
        state.withLock { state in
            defer { state.unreportedResize = false }
            return state.unreportedResize
        }
    }

    func readKeys() -> [Key] {
        keyPipe.drain()
        return state.withLock { state in
            defer { state.keys.removeAll() }
            return state.keys
        }
    }

    func present(_ grid: CellGrid) {
        let lines = grid.lines
        state.withLock { $0.frames.append(lines) }
    }

    func suspend() {}
    func resume() {}

    func suspendProcess() {
        state.withLock { $0.suspensions += 1 }
    }

    func shutdown() {
        state.withLock { $0.shutdowns += 1 }
    }

    var frames: [[String]] { state.withLock { $0.frames } }
    var suspensions: Int { state.withLock { $0.suspensions } }
    var shutdowns: Int { state.withLock { $0.shutdowns } }

    /// The latest frame, once one satisfies `test` (nil after `timeout` seconds).
    func frame(within timeout: Double = 30, where test: ([String]) -> Bool) async -> [String]? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            // Looked at once more after the deadline: a wait resumed late by a busy task pool still sees the frame.
            let late = Date() >= deadline
            if let last = frames.last, test(last) { return last }
            if late { return nil }
            try? await Task.sleep(nanoseconds: 2_000_000)
        }
    }

    /// The line of the latest frame that holds the focus bar, once it shows `text` (nil after `timeout`).
    func focusedLine(showing text: String, within timeout: Double = 30) async -> String? {
        await frame(within: timeout) { $0.contains { $0.contains("▌") && $0.contains(text) } }?
            .first { $0.contains("▌") && $0.contains(text) }
    }
}

/// The suites that run a browser's loop: one at a time, since the signal trap and its wake-up are the process's
/// (a SIGTSTP sent by one test would reach the loop of another running beside it).
@Suite(.serialized) enum TerminalLoops {}
