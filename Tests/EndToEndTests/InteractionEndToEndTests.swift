import Foundation
import Testing

@Suite("Outline, header, search and mouse in a real terminal", .serialized)
struct InteractionEndToEndTests {
    let plant = samplePath("plant-maintenance.json")

    func session(_ arguments: String, width: Int = 120, height: Int = 40, prefix: String = "") throws -> TmuxSession {
        let command = "stty -a > before; \(prefix)\(shellQuote(arborBinary)) \(arguments); echo $? > status; stty -a > after"
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
        let columns = tmux.waitForScreen {
            $0.contains("┌ Hamburg Plant") && $0.contains("3/3 · Plants › Hamburg Plant › Pump Station A-100")
        }
        #expect(columns.ok, "o did not go back to columns with the focus kept:\n\(columns.screen)")
        try quit(tmux)
    }

    @Test func aDirectoryTheFocusRestsOnIsReadAheadSoEnteringItIsImmediate() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-ahead-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("first/before"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("second"), withIntermediateDirectories: true)
        let tmux = try session("--no-watch " + shellQuote(root.path))
        #expect(tmux.waitForScreen { $0.contains("first") && $0.contains("second") }.ok)
        Thread.sleep(forTimeInterval: 0.3)
        // Changed on disk after the read ahead, unwatched: entering shows the listing read while the focus rested.
        try FileManager.default.moveItem(at: root.appendingPathComponent("first/before"), to: root.appendingPathComponent("first/after"))
        try tmux.send("Right")
        let entered = tmux.waitForScreen { $0.contains("┌ first") }
        #expect(entered.ok, "Right did not enter:\n\(entered.screen)")
        #expect(entered.screen.contains("before") && !entered.screen.contains("after"), "not read ahead:\n\(entered.screen)")
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
        try tmux.send("/", "'", "m", "u")
        let filtered = tmux.waitForScreen { $0.contains("/'mu█") && $0.contains("Munich Plant") && !$0.contains("Berlin Plant") }
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

    /// The X10 mouse report a terminal sends for a button event at a cell (0-based).
    func mouseReport(button: Int, x: Int, y: Int) -> String {
        "\u{1B}[M" + String(UnicodeScalar(UInt8(32 + button))) + String(UnicodeScalar(UInt8(33 + x))) + String(UnicodeScalar(UInt8(33 + y)))
    }

    @Test func aClickFocusesAnItemAndTheWheelMoves() throws {
        let tmux = try session(shellQuote(plant))
        #expect(tmux.waitForScreen { $0.contains("1 of 3") }.ok)
        Thread.sleep(forTimeInterval: 0.3)
        let lines = tmux.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let y = try #require(lines.firstIndex { $0.contains("Berlin Plant") })
        let x = lines[y].distance(to: "Berlin Plant") + 2
        try tmux.send("-l", mouseReport(button: 0, x: x, y: y) + mouseReport(button: 3, x: x, y: y))
        let clicked = tmux.waitForScreen { $0.contains("Plants › Berlin Plant") && $0.contains("2 of 3") }
        #expect(clicked.ok, "the click did not focus Berlin Plant:\n\(clicked.screen)")
        try tmux.send("-l", mouseReport(button: 65, x: x, y: y))
        #expect(tmux.waitForScreen { $0.contains("Plants › Munich Plant") }.ok, "the wheel did not move the focus")
        try quit(tmux)
    }

    @Test func withNoMouseAClickIsIgnored() throws {
        let tmux = try session("--no-mouse " + shellQuote(plant))
        #expect(tmux.waitForScreen { $0.contains("1 of 3") }.ok)
        Thread.sleep(forTimeInterval: 0.3)
        let lines = tmux.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let y = try #require(lines.firstIndex { $0.contains("Berlin Plant") })
        let x = lines[y].distance(to: "Berlin Plant") + 2
        try tmux.send("-l", mouseReport(button: 0, x: x, y: y) + mouseReport(button: 3, x: x, y: y))
        try tmux.send("j")
        let moved = tmux.waitForScreen { $0.contains("2 of 3") }
        #expect(moved.ok && moved.screen.contains("Plants › Berlin Plant"))
        try quit(tmux)
    }

    @Test func theConfigurationFileRebindsKeysAndSetsDefaults() throws {
        let config = #"layout = "outline"\n[keys]\n"ctrl-n" = "next-item"\nj = "none"\n"#
        let tmux = try session(
            "--layout columns " + shellQuote(plant),
            prefix: "mkdir -p cfg/arbor && printf '\(config)' > cfg/arbor/config.toml && XDG_CONFIG_HOME=$PWD/cfg ARBOR_DEFAULT_OPTS='--header' ")
        let start = tmux.waitForScreen { $0.contains("1 of 3") }
        #expect(start.ok, "\(start.screen)")
        let lines = start.screen.components(separatedBy: "\n")
        #expect(lines.count > 7 && lines[6].hasPrefix("───"), "ARBOR_DEFAULT_OPTS opened the header")
        #expect(lines.count > 7 && lines[7].hasPrefix("┌"), "the command line's --layout columns won over the file")
        try tmux.send("j")
        try tmux.send("C-n")
        #expect(tmux.waitForScreen { $0.contains("2 of 3") }.ok, "ctrl-n did not move")
        try tmux.send("?")
        let help = tmux.waitForScreen { $0.contains("Ctrl-N") }
        #expect(help.ok, "the help does not show the new binding:\n\(help.screen)")
        try tmux.send("q")
        try quit(tmux)
    }

    @Test func aBrokenConfigurationStopsWithItsLine() throws {
        let result = try runCommand("/usr/bin/env", ["XDG_CONFIG_HOME=/nonexistent", "HOME=/nonexistent", arborBinary, "--theme", "/nonexistent.toml", plant])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--theme: /nonexistent.toml: no such theme"))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("arbor"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "cells = \"full\"\n[keys]\nq = \"leave\"\n".write(to: directory.appendingPathComponent("arbor/config.toml"), atomically: true, encoding: .utf8)
        let broken = try runCommand("/usr/bin/env", ["XDG_CONFIG_HOME=" + directory.path, arborBinary, plant])
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("config.toml:3: unknown command 'leave'"), "\(broken.stderr)")
        let keys = try runCommand("/usr/bin/env", ["XDG_CONFIG_HOME=" + directory.path, arborBinary, "keys", "--defaults"])
        #expect(keys.status == 0 && keys.stdout.contains("| `q` `esc` | `quit` |"))
    }
}

extension String {
    /// The cells before `part` on a line of the screen (each character one cell here).
    func distance(to part: String) -> Int {
        range(of: part).map { self[..<$0.lowerBound].count } ?? 0
    }
}
