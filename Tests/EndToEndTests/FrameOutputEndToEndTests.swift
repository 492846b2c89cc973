import Foundation
import Testing

@Suite("Frames as the terminal receives them", .serialized)
struct FrameOutputEndToEndTests {
    /// The write calls a process has made so far (`syscw` in /proc/PID/io).
    private func writeCalls(_ pid: String) -> Int? {
        guard let io = try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8) else { return nil }
        let line = io.split(separator: "\n").first { $0.hasPrefix("syscw:") }
        return line.flatMap { Int($0.dropFirst("syscw:".count).trimmingCharacters(in: .whitespaces)) }
    }

    @Test func eachKeyLeavesInOneWrite() throws {
        let plant = samplePath("plant-maintenance.json")
        let tmux = try TmuxSession("sh -c 'echo $$ > pid; exec \(arborBinary) \(plant)'", width: 120, height: 40)
        #expect(tmux.waitForScreen { $0.contains("1 of 3") && $0.contains("Hamburg") }.ok)
        let pid = try #require(tmux.waitForFile("pid")?.trimmingCharacters(in: .whitespacesAndNewlines))
        Thread.sleep(forTimeInterval: 0.3)
        let before = try #require(writeCalls(pid))
        let moves = ["Down", "Down", "Up", "Up"]
        let counters = ["2 of 3", "3 of 3", "2 of 3", "1 of 3"]
        for (key, counter) in zip(moves, counters) {
            try tmux.send(key)
            #expect(tmux.waitForScreen { $0.contains(counter) }.ok)
            Thread.sleep(forTimeInterval: 0.2)
        }
        let after = try #require(writeCalls(pid))
        // A key draws one frame, and a column that loads after it one more; ncurses left to itself flushes at
        // every cursor movement, a dozen writes a frame or more.
        #expect(after - before <= 2 * moves.count, "\(after - before) writes for \(moves.count) keys")
        try tmux.send("q")
    }

    @Test func theFocusIsDrawnInTheThemesColoursOrInReverseWithoutColour() throws {
        let plant = samplePath("plant-maintenance.json")
        let colored = try TmuxSession("env -u NO_COLOR TERM=xterm-256color \(arborBinary) \(plant)", width: 120, height: 40)
        #expect(colored.waitForScreen { $0.contains("1 of 3") }.ok)
        let styled = try colored.tmux(["capture-pane", "-p", "-e", "-t", "main"])
        #expect(styled.contains("48;5;238"), "the focused cell has the default theme's background:\n\(styled)")
        let plain = try TmuxSession("NO_COLOR=1 TERM=xterm-256color \(arborBinary) \(plant)", width: 120, height: 40)
        #expect(plain.waitForScreen { $0.contains("1 of 3") }.ok)
        let reversed = try plain.tmux(["capture-pane", "-p", "-e", "-t", "main"])
        #expect(reversed.contains("\u{1B}[7m") && !reversed.contains("48;5;"), "without colour the focus is reversed:\n\(reversed)")
    }
    @Test func terminfoPaddingIsNotDrawnAsText() throws {
        // vt100's entry asks for delays (`$<5>` after a cursor move, `$<2>` after a style) that only tputs knows.
        let plant = samplePath("plant-maintenance.json")
        let tmux = try TmuxSession("TERM=vt100 \(shellQuote(arborBinary)) \(shellQuote(plant)); echo exited > status", width: 100, height: 30)
        let shown = tmux.waitForScreen { $0.contains("1 of 3") }
        #expect(shown.ok, "\(shown.screen)")
        try tmux.send("Down", "Right")
        let moved = tmux.waitForScreen { $0.contains("1 of") && !$0.contains("1 of 3") }
        #expect(!moved.screen.contains("$<"), "padding drawn as text:\n\(moved.screen)")
        try tmux.send("q")
        let left = tmux.waitForScreen { !$0.contains("1 of") }
        #expect(!left.screen.contains("$<"), "padding drawn as text on leaving:\n\(left.screen)")
    }
}
