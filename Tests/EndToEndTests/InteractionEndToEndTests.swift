import Foundation
import Testing

@Suite("Outline, header, search and mouse in a real terminal", .serialized)
struct InteractionEndToEndTests {
    let plant = samplePath("plant-maintenance.json")

    func session(_ arguments: String, width: Int = 120, height: Int = 40) throws -> TmuxSession {
        let command = "stty -a > before; \(shellQuote(arborBinary)) \(arguments); echo $? > status; stty -a > after"
        return try TmuxSession(command, width: width, height: height)
    }

    func quit(_ tmux: TmuxSession) throws {
        try tmux.send("q")
        #expect(tmux.waitForFile("after") == tmux.file("before"))
        #expect(tmux.file("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    @Test func oTogglesTheOutlineAndBack() throws {
        let tmux = try session(shellQuote(plant))
        #expect(tmux.waitForScreen { $0.contains("1 of 3") }.ok)
        try tmux.send("o")
        let outline = tmux.waitForScreen { $0.contains("├─▸ Hamburg Plant") }
        #expect(outline.ok, "no outline:\n\(outline.screen)")
        #expect(!outline.screen.contains("┌"))
        try tmux.send("Right")
        let open = tmux.waitForScreen { $0.contains("│ ├─▸ Pump Station A-100") }
        #expect(open.ok, "Right did not expand in the outline:\n\(open.screen)")
        try tmux.send("Down", "o")
        let columns = tmux.waitForScreen { $0.contains("┌ Hamburg Plant") }
        #expect(columns.ok, "o did not go back to columns:\n\(columns.screen)")
        #expect(columns.screen.contains("3/3 · Plants › Hamburg Plant › Pump Station A-100"))
        try quit(tmux)
    }

    @Test func theOutlineLayoutFromTheCommandLine() throws {
        let tmux = try session("--layout outline " + shellQuote(plant), width: 60, height: 20)
        let outline = tmux.waitForScreen { $0.contains("▾ Plants") && $0.contains("└─▸ Munich Plant") }
        #expect(outline.ok, "no outline:\n\(outline.screen)")
        try quit(tmux)
    }

    @Test func slashFiltersTheFocusedColumnAndEscRestoresIt() throws {
        let tmux = try session(shellQuote(plant))
        #expect(tmux.waitForScreen { $0.contains("1 of 3") }.ok)
        try tmux.send("/", "m", "u")
        let filtered = tmux.waitForScreen { $0.contains("/mu█") && $0.contains("Munich Plant") && !$0.contains("Berlin Plant") }
        #expect(filtered.ok, "the column was not filtered:\n\(filtered.screen)")
        try tmux.send("Enter")
        #expect(tmux.waitForScreen { $0.contains("1 of 1") }.ok)
        try tmux.send("Escape")
        let restored = tmux.waitForScreen { $0.contains("Berlin Plant") && $0.contains("3 of 3") }
        #expect(restored.ok, "Esc did not restore the column with the focus kept:\n\(restored.screen)")
        try quit(tmux)
    }

    @Test func iTogglesTheObjectHeader() throws {
        let tmux = try session(shellQuote(plant))
        #expect(tmux.waitForScreen { $0.contains("1 of 3") }.ok)
        try tmux.send("i")
        let header = tmux.waitForScreen { screen in
            let lines = screen.components(separatedBy: "\n")
            return lines.count > 7 && lines[1].contains("Hamburg Plant") && lines[6].hasPrefix("───") && lines[7].hasPrefix("┌")
        }
        #expect(header.ok, "no header:\n\(header.screen)")
        try tmux.send("i")
        let gone = tmux.waitForScreen { $0.components(separatedBy: "\n").dropFirst().first?.hasPrefix("┌") == true }
        #expect(gone.ok, "i did not hide the header:\n\(gone.screen)")
        try quit(tmux)
    }

    @Test func theHeaderFromTheCommandLineInCompactWidth() throws {
        let tmux = try session("--header " + shellQuote(plant), width: 40, height: 20)
        let header = tmux.waitForScreen { $0.contains("Hamburg Plant") && $0.contains("Tab") }
        #expect(header.ok, "no compact header:\n\(header.screen)")
        try quit(tmux)
    }
}
