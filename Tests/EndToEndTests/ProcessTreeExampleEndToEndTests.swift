import Foundation
import Testing

/// The second program of the example package: the machine's processes through ArborKit, with its own cells,
/// marks read while it runs and a kill action on them (`make example` builds it beside the task board).
let processTreeBinary = URL(fileURLWithPath: exampleBinary).deletingLastPathComponent().appendingPathComponent("process-tree").path

@Suite("A program following the machine's processes through the library, in a real terminal")
struct ProcessTreeExampleEndToEndTests {
    @Test func theProcessTreeShowsItsOwnCellsReadsTheMarksAndSignalsThemStayingOpen() throws {
        try #require(FileManager.default.isExecutableFile(atPath: processTreeBinary),
                     "\(processTreeBinary) is missing: build the example with 'make example'")
        // Two sleeps under a shell that waits for them: one stopped once it runs sleep (the program marks stopped
        // processes at the start), one running (named on the command line, so the program opens focused on it).
        let script = """
            sh -c 'sleep 1001 & p=$!; while [ "$(cat /proc/$p/comm)" != sleep ]; do sleep 0.01; done; kill -STOP $p; echo $p > stopped
              sleep 1002 & echo $! > running; wait' &
            while [ ! -s running ] || [ ! -s stopped ]; do sleep 0.05; done
            PROCESS_TREE_EVENTS=events exec \(shellQuote(processTreeBinary)) "$(cat running)"
            """
        let tmux = try TmuxSession("sh run.sh; echo $? > status", width: 150, height: 40, files: ["run.sh": Array(script.utf8)])
        let stopped = try #require(tmux.waitForFile("stopped")?.trimmingCharacters(in: .whitespacesAndNewlines))
        let running = try #require(tmux.waitForFile("running")?.trimmingCharacters(in: .whitespacesAndNewlines))
        defer { for pid in [stopped, running] { kill(pid_t(pid) ?? 0, SIGKILL) } }
        let focused = try Regex("▌.* \(running) sleep  [0-9]+ KiB")
        let marked = try Regex("● +\(stopped) sleep")
        let revealed = tmux.waitForScreen { $0.contains(focused) && $0.contains(marked) }
        #expect(revealed.ok, "the program's cells, the revealed process focused, the stopped one marked:\n\(revealed.screen)")
        #expect(waitForEvents(tmux) { $0.contains("marked \(stopped)\n") }, "the preselected mark: \(tmux.file("events") ?? "")")
        #expect(waitForEvents(tmux) {
            $0.contains("inside this program true, siblings [\"\(stopped)\"], ") && $0.contains("by state [\"T 1\"]")
        }, "the relations of the revealed process: \(tmux.file("events") ?? "")")
        let place = try #require(tmux.file("events")?.firstMatch(of: try Regex("focus \(running) at ([0-9]+),([0-9]+)")))
        let row = Int(place.output[2].substring ?? "") ?? -1
        let rows = revealed.screen.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows.indices.contains(row) && rows[row].contains(" \(running) sleep"), "shown.item gives the focused cell's row \(row)")
        try tmux.send("Space")
        #expect(waitForEvents(tmux) { $0.contains("marked \(stopped) \(running)\n") }, "the marks read while it runs: \(tmux.file("events") ?? "")")
        try tmux.send("Enter")
        #expect(waitForEvents(tmux) { $0.contains("signalled \(stopped)\n") && $0.contains("signalled \(running)\n") })
        let gone = tmux.waitForScreen { !$0.contains(" \(running) sleep") && !$0.contains(" \(stopped) sleep") && $0.contains("process-tree") }
        #expect(gone.ok, "the signalled processes leave the tree, the browser stays:\n\(gone.screen)")
        #expect(!FileManager.default.fileExists(atPath: "/proc/\(running)"))
        try tmux.send("q")
        #expect(tmux.waitForFile("status") != nil)
    }

    /// Waits until the events file satisfies `condition`.
    func waitForEvents(_ tmux: TmuxSession, _ condition: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let text = tmux.file("events"), condition(text) { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }
}
