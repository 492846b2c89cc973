import Foundation
import Testing

@Suite("Hostile terminals and names, in a real terminal", .serialized)
struct HardeningEndToEndTests {
    let plant = samplePath("plant-maintenance.json")

    @Test func ctrlZRestoresTheTerminalAndFgRedraws() throws {
        let tmux = try TmuxSession("PS1='$ ' bash --norc --noprofile -i", width: 100, height: 30)
        #expect(tmux.waitForScreen { $0.contains("$") }.ok)
        try tmux.send("-l", "stty -a > before; \(shellQuote(arborBinary)) \(shellQuote(plant))")
        try tmux.send("Enter")
        #expect(tmux.waitForScreen { $0.contains("1 of 3") }.ok)
        try tmux.send("C-z")
        #expect(tmux.waitForScreen { $0.contains("Stopped") }.ok, "Ctrl-Z did not suspend")
        try tmux.send("-l", "stty -a > during")
        try tmux.send("Enter")
        #expect(tmux.waitForFile("during") == tmux.file("before"), "the terminal is in its normal mode while suspended")
        try tmux.send("-l", "fg")
        try tmux.send("Enter")
        let back = tmux.waitForScreen { $0.contains("1 of 3") && $0.contains("┌ Plants") }
        #expect(back.ok, "fg did not redraw:\n\(back.screen)")
        try tmux.send("Down")
        #expect(tmux.waitForScreen { $0.contains("2 of 3") }.ok, "keys work again after fg")
        try tmux.send("q")
        try tmux.send("-l", "echo $? > status")
        try tmux.send("Enter")
        #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        try tmux.send("-l", "stty -a > after")
        try tmux.send("Enter")
        #expect(tmux.waitForFile("after") == tmux.file("before"))
    }

    @Test func aStormOfResizesEndsOnAFrameOfTheLastSize() throws {
        let command = "stty -a > before; \(shellQuote(arborBinary)) \(shellQuote(plant)); echo $? > status; stty -a > after"
        let tmux = try TmuxSession(command, width: 120, height: 40)
        #expect(tmux.waitForScreen { $0.contains("1 of 3") }.ok)
        let sizes = [(1, 1), (300, 100), (2, 50), (80, 1), (40, 12), (57, 3), (1, 100), (200, 5), (28, 28), (97, 31)]
        for (width, height) in sizes + sizes.reversed() + [(100, 30)] {
            try tmux.resize(width: width, height: height)
        }
        let last = tmux.waitForScreen { screen in
            let lines = screen.components(separatedBy: "\n")
            return lines.count >= 30 && lines[29].contains("1 of 3") && lines[0].contains("? help")
        }
        #expect(last.ok, "the last frame does not fit 100x30:\n\(last.screen)")
        try tmux.send("q")
        #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "Arbor did not survive")
        let withoutSize = { (text: String?) in text?.replacingOccurrences(of: "rows [0-9]+; columns [0-9]+;", with: "", options: .regularExpression) }
        #expect(withoutSize(tmux.waitForFile("after")) == withoutSize(tmux.file("before")), "modes differ after the storm")
    }

    @Test func namesCarryingEscapeSequencesAreShownInert() throws {
        let directory = try makeScratchFolder("arbor-inert")
        defer { try? FileManager.default.removeItem(at: directory) }
        let names = [
            "clip\u{1B}]52;c;aGFja2Vk\u{07}board", "title\u{1B}]0;PWNED\u{07}set", "move\u{1B}[2J\u{1B}[Hcursor",
            "bidi\u{202E}txt.exe", "c1\u{9B}31mred",
        ]
        for name in names { _ = FileManager.default.createFile(atPath: directory.appendingPathComponent(name).path, contents: nil) }
        let command = "\(shellQuote(arborBinary)) --cells single \(shellQuote(directory.path)); echo $? > status"
        let tmux = try TmuxSession(command, width: 120, height: 30)
        let shown = tmux.waitForScreen { $0.contains("clip^[]52;c;aGFja2Vk^Gboard") }
        #expect(shown.ok, "the OSC 52 name is not shown inert:\n\(shown.screen)")
        #expect(shown.screen.contains("title^[]0;PWNED^Gset"))
        #expect(shown.screen.contains("move^[[2J^[[Hcursor"))
        #expect(shown.screen.contains("bidi\u{FFFD}txt.exe"))
        #expect(shown.screen.contains("c1\u{FFFD}31mred"))
        let title = try tmux.tmux(["display-message", "-p", "-t", "main", "#{pane_title}"])
        #expect(!title.contains("PWNED"), "the pane title changed: \(title)")
        let buffers = (try? tmux.tmux(["list-buffers"])) ?? ""
        #expect(!buffers.contains("hacked"), "the clipboard was written")
        try tmux.send("q")
        #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    @Test(arguments: ["dumb", "", "no-such-terminal-type"])
    func unusableTerminalTypesGetAMessageNotAHang(term: String) throws {
        let command = "TERM=\(shellQuote(term)) \(shellQuote(arborBinary)) \(shellQuote(plant)) 2> err; echo $? > status"
        let tmux = try TmuxSession(command, width: 80, height: 24)
        #expect(tmux.waitForFile("status", timeout: 5)?.trimmingCharacters(in: .whitespacesAndNewlines) == "2")
        #expect(tmux.file("err")?.contains("terminal type") == true, "\(tmux.file("err") ?? "")")
    }

    @Test func aPathListFromASlowPipeIsBrowsableBeforeItEnds() throws {
        let producer = "(printf 'src/a.swift\\nsrc/b.swift\\ndocs/x.md\\n'; sleep 2; printf 'tests/t.swift\\n')"
        let tmux = try TmuxSession("\(producer) | \(shellQuote(arborBinary)); echo $? > status", width: 80, height: 20)
        let first = tmux.waitForScreen(timeout: 1.5) { $0.contains("src") && $0.contains("docs") }
        #expect(first.ok, "the first lines were not shown while the pipe was open:\n\(first.screen)")
        #expect(first.screen.contains("reading…"))
        #expect(!first.screen.contains("tests"))
        try tmux.send("Down")
        let whole = tmux.waitForScreen { $0.contains("tests") && !$0.contains("reading…") }
        #expect(whole.ok, "the rest of the list did not arrive:\n\(whole.screen)")
        #expect(whole.screen.contains("2 of 3"), "the focus stays where it was moved:\n\(whole.screen)")
        try tmux.send("q")
        #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    @Test func aFilterTypedWhileAListIsReadSurvivesItsEnd() throws {
        let producer = "(printf 'src/a.swift\\nsrc/b.swift\\ndocs/x.md\\n'; sleep 1.5; printf 'tests/t.swift\\nsrc/c.swift\\n')"
        let tmux = try TmuxSession("\(producer) | \(shellQuote(arborBinary)); echo $? > status", width: 80, height: 20)
        #expect(tmux.waitForScreen(timeout: 1.2) { $0.contains("src") && $0.contains("reading…") }.ok)
        try tmux.send("Right", "/", "b", "Enter")
        let filtered = tmux.waitForScreen(timeout: 1.2) { $0.contains("b.swift") && !$0.contains("a.swift") }
        #expect(filtered.ok, "no filter:\n\(filtered.screen)")
        let whole = tmux.waitForScreen { $0.contains("tests") && !$0.contains("reading…") }
        #expect(whole.ok, "the rest of the list did not arrive:\n\(whole.screen)")
        #expect(!whole.screen.contains("a.swift") && !whole.screen.contains("c.swift"), "the filter was lost:\n\(whole.screen)")
        try tmux.send("q")
        #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    @Test func aSourceSlowToOpenShowsWhatIsReadAndQStopsIt() throws {
        let slow = "(sleep 3; cat \(shellQuote(plant)))"
        let waiting = try TmuxSession("stty -a > before; \(slow) | \(shellQuote(arborBinary)); echo $? > status; stty -a > after", width: 80, height: 20)
        let shown = waiting.waitForScreen { $0.contains("reading stdin") }
        #expect(shown.ok, "no loading screen while stdin is read:\n\(shown.screen)")
        let arrived = waiting.waitForScreen { $0.contains("Plants") && $0.contains("1 of 3") }
        #expect(arrived.ok, "the browser did not follow the loading screen:\n\(arrived.screen)")
        try waiting.send("q")
        #expect(waiting.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        #expect(waiting.waitForFile("after") == waiting.file("before"))

        // A fifo whose writer holds it open without writing: the shell is not left waiting for a pipeline.
        let stopped = try TmuxSession("stty -a > before; mkfifo feed; (exec 3>feed; sleep 30) & \(shellQuote(arborBinary)) < feed; echo $? > status; stty -a > after", width: 80, height: 20)
        #expect(stopped.waitForScreen { $0.contains("reading stdin") }.ok)
        try stopped.send("q")
        #expect(stopped.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "130", "q stops the loading")
        #expect(stopped.waitForFile("after") == stopped.file("before"))
    }

    @Test(arguments: [("SEGV", 139), ("ABRT", 134), ("ILL", 132)])
    func aFatalSignalStillGivesTheTerminalBack(signal: String, status: Int) throws {
        // What a bug while drawing ends in: a fault, an abort or a trap. The terminal must come back all the same.
        // (The Swift runtime's backtracer is off here: on a terminal it waits for a key after its report.)
        let command = "stty -a > before; SWIFT_BACKTRACE=enable=no sh -c 'echo $$ > pid; exec \(arborBinary) \(plant)'; echo $? > status; stty -a > after"
        let tmux = try TmuxSession(command, width: 100, height: 30)
        #expect(tmux.waitForScreen { $0.contains("1 of 3") }.ok)
        let pid = try #require(tmux.waitForFile("pid")?.trimmingCharacters(in: .whitespacesAndNewlines))
        _ = try runCommand("/bin/kill", ["-\(signal)", pid])
        #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == String(status))
        #expect(tmux.waitForFile("after") == tmux.file("before"), "the terminal modes were not restored after SIG\(signal)")
        let screen = tmux.waitForScreen { !$0.contains("1 of 3") }
        #expect(screen.ok, "the alternate screen is still shown:\n\(screen.screen)")
    }
}
