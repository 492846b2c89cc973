import Foundation
import Testing

/// The example package of docs/examples/TaskBoard, a program of its own presenting Arbor's picker through
/// ArborKit: `EXAMPLE_BIN`, or its build in `.build-example` (`make example` makes it, `make test` first).
let exampleBinary: String = {
    if let path = ProcessInfo.processInfo.environment["EXAMPLE_BIN"], !path.isEmpty { return path }
    return projectRoot.appendingPathComponent(".build-example/debug/task-board").path
}()

@Suite("A program presenting the browser through the library, in a real terminal")
struct LibraryExampleEndToEndTests {
    @Test func theTaskBoardShowsATaskArrivingWhileOpenAndPicksIt() throws {
        try #require(FileManager.default.isExecutableFile(atPath: exampleBinary),
                     "\(exampleBinary) is missing: build the example with 'make example'")
        let tmux = try TmuxSession("sleep 0.3; TASK_BOARD_EVENTS=events \(shellQuote(exampleBinary)) > out; echo $? > status",
                                   width: 100, height: 30)
        #expect(tmux.waitForScreen { $0.contains("team board · pick one") && $0.contains("To do") }.ok)
        try tmux.send("Right")
        let lane = tmux.waitForScreen { $0.contains("Write the release notes") }
        #expect(lane.ok, "Right did not open the lane:\n\(lane.screen)")
        let arrived = tmux.waitForScreen { $0.contains("⚑ Fix the login outage") }
        #expect(arrived.ok, "the task inserted by the program did not show:\n\(arrived.screen)")
        try tmux.send("Up", "Enter")
        #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        #expect(tmux.file("out") == "T-12\n")
        let events = tmux.file("events")?.split(separator: "\n").map(String.init) ?? []
        #expect(events.first { $0.hasPrefix("focus ") } == "focus todo", "\(events)")
        #expect(events.contains("expand todo"))
        #expect(events.contains { $0.hasPrefix("level ") && $0.hasSuffix(" todo") }, "\(events)")
        #expect(events.suffix(2) == ["accept T-12", "close 0"], "\(events)")
    }
}
