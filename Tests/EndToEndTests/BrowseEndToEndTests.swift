import Foundation
import Testing

@Suite("Browsing in a real terminal", .serialized)
struct BrowseEndToEndTests {
    let plant = samplePath("plant-maintenance.json")

    /// A session that records `stty -a` before and after arbor, and arbor's exit status.
    func session(_ arguments: String, width: Int = 120, height: Int = 40, blocking: [Int32] = []) throws -> TmuxSession {
        let command = "stty -a > before; \(shellQuote(arborBinary)) \(arguments); echo $? > status; stty -a > after"
        return try TmuxSession(command, width: width, height: height, blocking: blocking)
    }

    /// Signals a parent process may leave blocked; Arbor must still resize and end on them.
    static let inheritedBlocked: [Int32] = [SIGWINCH, SIGTERM, SIGHUP, SIGINT]

    @Test func firstFrameShowsTheTopLevelWithChildCounts() throws {
        let tmux = try session(shellQuote(plant))
        let (screen, ok) = tmux.waitForScreen { $0.contains("Hamburg Plant") && $0.contains("1 of 3") }
        #expect(ok, "first frame never showed:\n\(screen)")
        #expect(screen.contains("▶ 3"))
        #expect(screen.contains(/Berlin Plant +▷ 4/))
        #expect(screen.contains(/Munich Plant +▷ 3/))
        #expect(screen.contains("2/2 · Plants › Hamburg Plant"))
        try tmux.send("q")
        #expect(tmux.waitForFile("after") != nil)
    }

    @Test func enterExpandsIntoANewColumnAndResizingShowsTheBreadcrumb() throws {
        let tmux = try session(shellQuote(plant), blocking: Self.inheritedBlocked)
        #expect(tmux.waitForScreen { $0.contains("1 of 3") }.ok)
        try tmux.send("Enter")
        let expanded = tmux.waitForScreen { $0.contains("┌ Hamburg Plant") && $0.contains("Pump Station A-100") }
        #expect(expanded.ok, "Enter did not expand:\n\(expanded.screen)")
        #expect(expanded.screen.contains("3/3 · Plants › Hamburg Plant › Pump Station A-100"))
        try tmux.resize(width: 40, height: 12)
        let compact = tmux.waitForScreen { screen in
            screen.split(separator: "\n").dropFirst().first.map { $0.contains("‹") && $0.contains("Hamburg Plant") } ?? false
        }
        #expect(compact.ok, "no breadcrumb at 40 columns:\n\(compact.screen)")
        #expect(!compact.screen.contains("┌"))
        try tmux.send("Left")
        let up = tmux.waitForScreen { $0.contains("›") && $0.contains("Plants") }
        #expect(up.ok, "Left did not go up a level:\n\(up.screen)")
        try tmux.send("q")
        #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    @Test func quittingRestoresTheTerminal() throws {
        let tmux = try session(shellQuote(plant))
        #expect(tmux.waitForScreen { $0.contains("1 of 3") }.ok)
        try tmux.send("Down", "Enter", "q")
        let after = tmux.waitForFile("after")
        #expect(tmux.file("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        #expect(after != nil)
        #expect(after == tmux.file("before"))
    }

    @Test(arguments: [("C-c", "130"), ("q", "0")])
    func cancelKeysEndAndRestore(key: String, status: String) throws {
        let tmux = try session(shellQuote(plant))
        #expect(tmux.waitForScreen { $0.contains("1 of 3") }.ok)
        try tmux.send(key)
        let after = tmux.waitForFile("after")
        #expect(tmux.file("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == status)
        #expect(after == tmux.file("before"))
    }

    @Test(arguments: [("TERM", "143"), ("HUP", "129")])
    func signalsEndAndRestore(signal: String, status: String) throws {
        let command = "stty -a > before; \(shellQuote(arborBinary)) \(shellQuote(plant)) & echo $! > pid; wait $!; "
            + "echo $? > status; stty -a > after"
        let tmux = try TmuxSession(command, blocking: Self.inheritedBlocked)
        #expect(tmux.waitForScreen { $0.contains("1 of 3") }.ok)
        let pid = try #require(tmux.waitForFile("pid")).trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try runCommand("/bin/kill", ["-\(signal)", pid])
        let after = tmux.waitForFile("after")
        #expect(tmux.file("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == status)
        #expect(after == tmux.file("before"))
    }

    @Test func theHelpOverlayOpensAndCloses() throws {
        let tmux = try session(shellQuote(plant))
        #expect(tmux.waitForScreen { $0.contains("1 of 3") }.ok)
        try tmux.send("?")
        #expect(tmux.waitForScreen { $0.contains("expand the focused item") }.ok)
        try tmux.send("Escape")
        #expect(tmux.waitForScreen { !$0.contains("expand the focused item") }.ok)
        try tmux.send("q")
        #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    @Test func aBackgroundArborThatCannotReadTheTerminalExitsInsteadOfSpinning() throws {
        let command = "bash -c \"trap '' TTIN; set -m; \(shellQuote(arborBinary)) \(shellQuote(plant)) 2> err & wait \\$!; "
            + "echo \\$? > status\""
        let tmux = try TmuxSession(command)
        // It finds it cannot read the terminal at its first read, before or after its first frame shows (a busy
        // machine decides which); a key makes it read.
        _ = tmux.waitForScreen { $0.contains("1 of 3") || $0.contains("Exit 2") }
        try tmux.send("j")
        #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "2")
        #expect(tmux.file("err")?.contains("cannot read the terminal") == true)
    }

    @Test func tableProblemsGoToStderrAndTheFooter() throws {
        let table = "id,parent,name\n1,,Top\n2,9,Orphan\n"
        let tmux = try TmuxSession("printf '\(table)' > t.csv; \(shellQuote(arborBinary)) t.csv 2> err; echo $? > status")
        let screen = tmux.waitForScreen { $0.contains("1 problem in the data") && $0.contains("⚠ 1 row with a problem") }
        #expect(screen.ok, "no notice in the footer:\n\(screen.screen)")
        #expect(screen.screen.contains("⚠ 1 row with a problem"))
        try tmux.send("q")
        #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        #expect(tmux.file("err") == "arbor: t.csv: line 3: parent '9' of '2' does not exist\n")
    }

    @Test func aDirectoryTreeIsBrowsedUpPastItsStartDirectory() throws {
        let tmux = try TmuxSession("mkdir -p start/deeper && touch start/file.txt start/.secret && \(shellQuote(arborBinary)) start; echo $? > status")
        let name = tmux.directory.lastPathComponent
        #expect(tmux.waitForScreen { $0.contains("▌deeper") && $0.contains("2/2 · start › deeper") }.ok)
        try tmux.send("Down")
        #expect(tmux.waitForScreen { $0.contains("file · 0 B") }.ok)
        #expect(!tmux.screen().contains(".secret"))
        try tmux.send(".")
        let hidden = tmux.waitForScreen { $0.contains(".secret") && $0.contains("▌file.txt") }
        #expect(hidden.ok, "'.' did not show hidden entries with the focus kept:\n\(hidden.screen)")
        try tmux.send("Left", "Left")
        let up = tmux.waitForScreen { $0.contains("1/3 · \(name)") && $0.contains("┌ \(name)") }
        #expect(up.ok, "Left past the start directory did not show its parent:\n\(up.screen)")
        try tmux.send("q")
        #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    @Test func aSlowCommandNeverFreezesTheScreenAndATimeOutStaysInItsColumn() throws {
        let script = "case \"$1\" in r) printf 'a\\tSlow\\nb\\tFast\\nc\\tHung\\n' ;; a) sleep 2; printf 'a1\\tDone\\n' ;; "
            + "c) sleep 30 ;; esac"
        try script.write(to: URL(fileURLWithPath: NSTemporaryDirectory() + "arbor-slow.sh"), atomically: true, encoding: .utf8)
        let tmux = try TmuxSession("\(shellQuote(arborBinary)) --root r --timeout 1 --children-cmd \"sh \(NSTemporaryDirectory())arbor-slow.sh {}\"; echo $? > status")
        #expect(tmux.waitForScreen { $0.contains("▌Slow") }.ok)
        try tmux.send("Enter")
        let first = tmux.waitForScreen { $0.contains("loading…") }
        #expect(first.ok)
        let frame = first.screen.components(separatedBy: " loading…")[0].suffix(1)
        #expect(tmux.waitForScreen(timeout: 1.5) { !$0.contains(frame + " loading…") }.ok, "the spinner does not turn")
        let started = Date()
        try tmux.send("Left", "Down")
        let moved = tmux.waitForScreen(timeout: 5) { $0.contains("▌Fast") }
        #expect(moved.ok, "keys were not answered while a column loaded:\n\(moved.screen)")
        #expect(Date().timeIntervalSince(started) < 1.5)
        try tmux.send("Down", "Enter")
        let failed = tmux.waitForScreen(timeout: 5) { $0.contains("⚠ the command did not fini") && $0.contains("did not finish within 1 s") }
        #expect(failed.ok, "no time-out in the column:\n\(failed.screen)")
        try tmux.send("Left", "Up")
        #expect(tmux.waitForScreen { $0.contains("▌Fast") }.ok)
        try tmux.send("q")
        #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    @Test func anUnreadableDirectoryShowsItsErrorInItsColumn() throws {
        let user = getuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : ""
        let command = "mkdir -p top/locked top/open && touch top/open/f && chmod 700 top/locked && chmod 755 top top/open "
            + "&& cp \(shellQuote(arborBinary)) ./arbor && chmod 755 ./arbor && chmod 777 . && \(user)./arbor top; echo $? > status"
        let tmux = try TmuxSession(command)
        #expect(tmux.waitForScreen { $0.contains("▌locked") }.ok)
        try tmux.send("Enter")
        let denied = tmux.waitForScreen { $0.contains("⚠ ") && $0.contains("Permission denied") }
        #expect(denied.ok, "no error in the column:\n\(denied.screen)")
        try tmux.send("Left", "Down", "Enter")
        #expect(tmux.waitForScreen { $0.contains("▌f") }.ok, "the rest of the tree is not usable")
        try tmux.send("q")
        #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }
}
