import Foundation
import Testing

@Suite("Find in a real terminal and without one", .serialized)
struct FindEndToEndTests {
    let plant = samplePath("plant-maintenance.json")

    func session(_ arguments: String) throws -> TmuxSession {
        let command = "\(shellQuote(arborBinary)) \(arguments) > out; echo $? > status"
        return try TmuxSession("sleep 0.3; " + command)
    }

    @Test func aMatchDeepInAnUnopenedBranchIsFoundAndOpened() throws {
        let tmux = try session("--pick \(shellQuote(plant))")
        #expect(tmux.waitForScreen { $0.contains("Hamburg Plant") }.ok)
        try tmux.send("F", "'", "v", "a", "l", "v", "e", " ", "q", "2", "2")
        let listed = tmux.waitForScreen { $0.contains("found for") && $0.contains("Control Valve Q-22  ‹ Plants › Hamburg Plant › Cooling Tower B-200") }
        #expect(listed.ok, "the match in a closed branch was not listed:\n\(listed.screen)")
        try tmux.send("Enter")
        let opened = tmux.waitForScreen { $0.contains("Cooling Tower B-200 › Control Valve Q-22") }
        #expect(opened.ok, "Enter did not open the match:\n\(opened.screen)")
        try tmux.send("Space", "Enter")
        #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        #expect(tmux.file("out") == "EQ-819705\n")
    }

    @Test func aFindAfterTheScreenRestedSearchesTheWalkMadeAheadOfIt() throws {
        let tmux = try session("--pick \(shellQuote(plant))")
        #expect(tmux.waitForScreen { $0.contains("Hamburg Plant") }.ok)
        Thread.sleep(forTimeInterval: 1)
        try tmux.send("F", "q", "-", "2", "2")
        let listed = tmux.waitForScreen { $0.contains("found for") && $0.contains("Control Valve Q-22") && $0.contains("Conveyor Q-22") }
        #expect(listed.ok, "the matches were not listed after the rest:\n\(listed.screen)")
        try tmux.send("Enter")
        #expect(tmux.waitForScreen { $0.contains("› Control Valve Q-22") || $0.contains("› Conveyor Q-22") || $0.contains("› Centrifugal Pump Q-22") }.ok,
                "Enter did not open the first match")
        try tmux.send("Space", "Enter")
        #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        #expect(tmux.file("out")?.isEmpty == false)
    }

    @Test func keysAreAnsweredWhileALongWalkRunsAndEscStopsIt() throws {
        // An endless tree whose every listing takes 20 ms: the walk runs until its bound or Esc.
        let children = "sleep 0.02; for i in 1 2 3; do printf '%s/%s\\tnode %s\\n' {} $i $i; done"
        let tmux = try session("--root r --children-cmd \(shellQuote(children))")
        #expect(tmux.waitForScreen { $0.contains("node 1") }.ok)
        try tmux.send("F", "n", "o", "d", "e", " ", "3")
        let typing = tmux.waitForScreen(timeout: 3) { $0.contains("find: node 3█") && $0.contains("walking:") }
        #expect(typing.ok, "the keys typed during the walk were not drawn while it ran:\n\(typing.screen)")
        try tmux.send("BSpace", "2")
        let refined = tmux.waitForScreen(timeout: 3) { $0.contains("find: node 2█") && $0.contains("found for 'node 2'") }
        #expect(refined.ok, "the query was not refined during the walk:\n\(refined.screen)")
        try tmux.send("Escape")
        let stopped = tmux.waitForScreen { $0.contains("walk stopped") && $0.contains("Ctrl-L searches further") }
        #expect(stopped.ok, "Esc did not stop the walk:\n\(stopped.screen)")
        try tmux.send("C-l")
        #expect(tmux.waitForScreen { $0.contains("walking:") }.ok, "Ctrl-L did not go on with the walk")
        try tmux.send("Escape", "Escape")
        let closed = tmux.waitForScreen { !$0.contains("found for") && !$0.contains("find:") }
        #expect(closed.ok, "a second Esc did not close the find:\n\(closed.screen)")
        try tmux.send("q")
        #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    @Test func findWithoutAScreenPrintsTheMatchesBestFirst() throws {
        let paths = try runCommand(arborBinary, ["find", "'Q-22", plant, "--output", "path"])
        #expect(paths.status == 0)
        #expect(paths.stdout == """
            Plants/Berlin Plant/Boiler House B-200/Conveyor Q-22
            Plants/Hamburg Plant/Cooling Tower B-200/Control Valve Q-22
            Plants/Munich Plant/Compressor Hall B-200/Centrifugal Pump Q-22

            """)
        let titles = try runCommand(arborBinary, ["find", "pump", plant, "--output", "title", "--print0"])
        #expect(titles.stdout.split(separator: "\0").first == "Pump Station A-100", "the match at a word start, shallowest, first")
        let none = try runCommand(arborBinary, ["find", "zzzz-nothing", plant])
        #expect(none.status == 1 && none.stdout.isEmpty)
        let fields = try runCommand(arborBinary, ["find", "^EQ-819705$", plant, "--search-fields", "id", "--output", "title"])
        #expect(fields.stdout == "Control Valve Q-22\n")
        let bad = try runCommand(arborBinary, ["find", "x", plant, "--search-depth", "0"])
        #expect(bad.status == 2 && bad.stderr.contains("--search-depth must be 1 or more, not 0"))
    }
}
