import Foundation
import Testing

@Suite("The preview pane and bound commands, in a real terminal", .serialized)
struct PreviewEndToEndTests {
    static let hostileNames = ["$(touch pwned)", "'; touch pwned2 #", "`touch pwned3`"]

    /// A folder with a text file, a binary file, a directory and files named to break a careless shell.
    func folder() throws -> URL {
        let folder = try makeScratchFolder("arbor-preview")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try "first line\n\tindented\nthird\n".write(to: folder.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0]).write(to: folder.appendingPathComponent("picture.png"))
        let hostile = "\u{1B}]0;pwned title\u{07}\u{1B}[2J\u{1B}[1;1H\u{1B}]52;c;cHduZWQ=\u{07}\u{1B}[31mRED TEXT\u{1B}[0m plain\n"
        try hostile.write(to: folder.appendingPathComponent("colours.txt"), atomically: true, encoding: .utf8)
        for name in Self.hostileNames { try "x\n".write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return folder
    }

    func session(_ command: String, width: Int = 120, height: Int = 30) throws -> TmuxSession {
        try TmuxSession("\(command); echo $? > status", width: width, height: height)
    }

    func focus(_ tmux: TmuxSession, _ title: String) throws {
        for _ in 0..<24 {
            if tmux.screen().split(separator: "\n").contains(where: { $0.contains("▌" + title) }) { return }
            try tmux.send("Down")
            _ = tmux.waitForScreen(timeout: 1) { _ in false }
        }
    }

    @Test func builtInPreviewsOfATextFileABinaryFileAndADirectory() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tmux = try session("\(shellQuote(arborBinary)) \(shellQuote(folder.path)) --preview-window right:50%")
        let directory = tmux.waitForScreen { $0.contains("sub/") }
        #expect(directory.ok, "the start directory is previewed: \(directory.screen)")
        try tmux.send("Enter")
        try focus(tmux, "notes.txt")
        let text = tmux.waitForScreen { $0.contains("first line") && $0.contains("        indented") }
        #expect(text.ok, "a text file's lines, tabs expanded:\n\(text.screen)")
        try focus(tmux, "picture.png")
        let binary = tmux.waitForScreen { $0.contains("a PNG image · 12 B") }
        #expect(binary.ok, "\(binary.screen)")
        try tmux.send("q")
        #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    @Test func aLongStringIsWrappedAndATableRowListsItsFields() throws {
        let folder = try makeScratchFolder("arbor-preview-doc")
        defer { try? FileManager.default.removeItem(at: folder) }
        let long = String(repeating: "abcdefghij", count: 500)
        try #"{"text": "\#(long)", "n": 1}"#.write(to: folder.appendingPathComponent("doc.json"), atomically: true, encoding: .utf8)
        try "id,name,status\nr1,Pump,Breakdown\n".write(to: folder.appendingPathComponent("t.csv"), atomically: true, encoding: .utf8)
        let tmux = try session("cd \(shellQuote(folder.path)) && \(shellQuote(arborBinary)) doc.json --preview-window right:50%", width: 100)
        let wrapped = tmux.waitForScreen { screen in screen.split(separator: "\n").filter { $0.contains("abcdefghijabcdefghij") }.count >= 10 }
        #expect(wrapped.ok, "the 5,000-character string fills the pane row after row:\n\(wrapped.screen)")
        try tmux.send("q")
        let table = try session("cd \(shellQuote(folder.path)) && \(shellQuote(arborBinary)) t.csv --preview-window down:40%", width: 60, height: 20)
        let row = table.waitForScreen { $0.contains("id      r1") && $0.contains("Breakdown") && $0.contains("name    Pump") }
        #expect(row.ok, "\(row.screen)")
    }

    @Test func aCommandsColoursAreKeptAndItsOtherSequencesAreInert() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tmux = try session("env -u NO_COLOR TERM=xterm-256color \(shellQuote(arborBinary)) \(shellQuote(folder.path)) --color --preview 'cat {}'")
        _ = tmux.waitForScreen { $0.contains("cat {}") }
        try tmux.send("Enter")
        try focus(tmux, "colours.txt")
        let shown = tmux.waitForScreen { $0.contains("RED TEXT plain") }
        #expect(shown.ok, "\(shown.screen)")
        let styled = (try? tmux.tmux(["capture-pane", "-p", "-e", "-t", "main"])) ?? ""
        #expect(styled.contains("31mRED TEXT"), "the colour is kept: \(styled.replacingOccurrences(of: "\u{1B}", with: "^["))")
        let title = (try? tmux.tmux(["display-message", "-p", "-t", "main", "#{pane_title}"])) ?? ""
        #expect(!title.contains("pwned"), "the title was not set: \(title)")
        let buffers = (try? tmux.tmux(["list-buffers"])) ?? ""
        #expect(!buffers.contains("pwned"), "nothing reached the clipboard: \(buffers)")
        #expect(shown.screen.split(separator: "\n").first?.contains("arbor-preview") == true, "the screen was not cleared nor the cursor moved")
    }

    @Test func everyPlaceholderPassesHostileNamesAsLiteralArguments() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let record = "printf '[%s]' {} {path} {title} {parent} {depth} {file} {line} {q} {+} >> args; echo >> args"
        let tmux = try session("\(shellQuote(arborBinary)) \(shellQuote(folder.path)) --bind \(shellQuote("x:execute-silent(\(record))")) "
            + "--preview \(shellQuote("printf '<%s>' {title}"))")
        _ = tmux.waitForScreen { $0.contains("printf") }
        try tmux.send("Enter")
        for name in Self.hostileNames {
            try focus(tmux, String(name.prefix(6)))
            try tmux.send("x")
        }
        let args = tmux.waitForFile("args") ?? ""
        _ = tmux.waitForScreen(timeout: 2) { _ in false }
        let recorded = tmux.file("args") ?? args
        for name in Self.hostileNames {
            #expect(recorded.contains("[\(folder.path)/\(name)][\(folder.path)/\(name)][\(name)]"), "\(name): \(recorded)")
        }
        for marker in ["pwned", "pwned2", "pwned3"] {
            #expect(!FileManager.default.fileExists(atPath: tmux.directory.appendingPathComponent(marker).path), "\(marker) ran")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(marker).path), "\(marker) ran")
        }
    }

    @Test func hostileKeysInAJSONFileStayData() throws {
        let folder = try makeScratchFolder("arbor-preview-keys")
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"{"$(touch pwned)": 1, "'; touch pwned2 #": 2}"#.write(to: folder.appendingPathComponent("keys.json"), atomically: true, encoding: .utf8)
        let tmux = try session("cd \(shellQuote(folder.path)) && \(shellQuote(arborBinary)) --format document keys.json "
            + "--preview 'echo {title}' --bind 'x:execute-silent(printf \"%s|\" {} {title} >> args)'")
        _ = tmux.waitForScreen { $0.contains("touch pwned") }
        try tmux.send("x", "Down", "x")
        _ = tmux.waitForScreen(timeout: 2) { _ in false }
        let args = (try? String(contentsOf: folder.appendingPathComponent("args"), encoding: .utf8)) ?? ""
        #expect(args.contains("/$(touch pwned)|$(touch pwned)|") && args.contains("'; touch pwned2 #|"), "\(args)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("pwned").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("pwned2").path))
    }

    @Test func editHandsTheTerminalToTheEditorAndTakesItBackAsItWas() throws {
        let folder = try makeScratchFolder("arbor-preview-edit")
        defer { try? FileManager.default.removeItem(at: folder) }
        let editor = "#!/bin/sh\nstty -a > inside\nprintf '%s\\n' \"$@\" > editor-args\n"
        try editor.write(to: folder.appendingPathComponent("editor.sh"), atomically: true, encoding: .utf8)
        chmod(folder.appendingPathComponent("editor.sh").path, 0o755)
        try FileManager.default.copyItem(atPath: samplePlant, toPath: folder.appendingPathComponent("plant.json").path)
        let tmux = try session("cd \(shellQuote(folder.path)) && stty -a > before; EDITOR=./editor.sh \(shellQuote(arborBinary)) plant.json; "
            + "stty -a > after")
        let first = tmux.waitForScreen { $0.contains("Hamburg Plant") }
        #expect(first.ok, "\(first.screen)")
        try tmux.send("Enter", "Down")
        let before = tmux.waitForScreen { $0.contains("▌Cooling Tower B-200") }
        #expect(before.ok, "\(before.screen)")
        try tmux.send("e")
        _ = tmux.waitForScreen(timeout: 2) { _ in FileManager.default.fileExists(atPath: folder.appendingPathComponent("editor-args").path) }
        let args = (try? String(contentsOf: folder.appendingPathComponent("editor-args"), encoding: .utf8)) ?? ""
        #expect(args.hasPrefix("+") && args.contains("plant.json"), "\(args)")
        let line = Int(args.dropFirst().prefix { $0.isNumber }) ?? 0
        let sourceLines = try String(contentsOfFile: samplePlant, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(line > 0 && line <= sourceLines.count && sourceLines[line - 1].contains("{"), "line \(line) starts the item's object")
        let back = tmux.waitForScreen { $0.contains("▌Cooling Tower B-200") }
        #expect(back.ok, "the screen and the focus are as they were:\n\(back.screen)")
        try tmux.send("q")
        _ = tmux.waitForScreen(timeout: 3) { _ in FileManager.default.fileExists(atPath: folder.appendingPathComponent("after").path) }
        _ = tmux.waitForScreen(timeout: 0.5) { _ in false }
        let states = ["before", "inside", "after"].map { (try? String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) ?? "" }
        #expect(!states[0].isEmpty && states[0] == states[1] && states[1] == states[2], "stty -a:\n\(states.joined(separator: "\n---\n"))")
    }

    @Test func becomeReplacesArbor() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tmux = try session("\(shellQuote(arborBinary)) \(shellQuote(folder.path)) --bind 'enter:become(echo became {title}; exit 7)'")
        // Enter once the first item is focused: typed earlier, {title} has no item to name.
        #expect(tmux.waitForScreen { $0.contains("▌") && $0.contains("sub") }.ok)
        try tmux.send("Enter")
        let shown = tmux.waitForScreen { $0.contains("became sub") }
        #expect(shown.ok, "\(shown.screen)")
        #expect(tmux.waitForFile("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "7")
    }

    @Test func reloadReadsACommandSourceAgainKeepingFocusAndMarks() throws {
        let tmux = try session("printf 'one\\ntwo\\n' > list; \(shellQuote(arborBinary)) --children-cmd 'cat list' --root top --multi "
            + "--bind 'ctrl-r:reload(echo three >> list)'")
        let first = tmux.waitForScreen { $0.contains("two") }
        #expect(first.ok, "\(first.screen)")
        try tmux.send("Down", "Space")
        try tmux.send("C-r")
        let reloaded = tmux.waitForScreen { $0.contains("three") }
        #expect(reloaded.ok, "\(reloaded.screen)")
        #expect(reloaded.screen.contains("▌● two") || reloaded.screen.contains("● two"), "the mark and the focus stay:\n\(reloaded.screen)")
    }

    @Test func bindingsAndThePreviewComeFromTheConfigurationFile() throws {
        let folder = try makeScratchFolder("arbor-preview-config")
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("config/arbor")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "preview-window = \"down:40%\"\n[bind]\nx = \"execute-silent(printf %s {title} > picked)\"\n"
            .write(to: config.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        let tmux = try session("cd \(shellQuote(folder.path)) && XDG_CONFIG_HOME=$PWD/config \(shellQuote(arborBinary)) \(shellQuote(samplePlant))")
        let shown = tmux.waitForScreen { $0.contains("Hamburg Plant") && $0.contains("└") }
        #expect(shown.ok)
        try tmux.send("x")
        _ = tmux.waitForScreen(timeout: 2) { _ in FileManager.default.fileExists(atPath: folder.appendingPathComponent("picked").path) }
        #expect((try? String(contentsOf: folder.appendingPathComponent("picked"), encoding: .utf8)) == "Hamburg Plant")
    }

    @Test func thePaneGoesBelowTheListAt40x16() throws {
        let tmux = try session("\(shellQuote(arborBinary)) \(shellQuote(samplePlant)) --preview-window down:40%", width: 40, height: 16)
        let shown = tmux.waitForScreen { $0.contains("Hamburg Plant") && $0.contains("P1000") == false }
        let lines = shown.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let top = lines.lastIndex { $0.hasPrefix("┌") } ?? 0
        #expect(top >= 8 && lines[top + 1].contains("Hamburg Plant"), "the pane's box is below the list:\n\(shown.screen)")
        #expect(lines.count >= 16 && lines[14].hasPrefix("└"), "\(shown.screen)")
    }
}

/// The plant sample's path.
let samplePlant = samplePath("plant-maintenance.json")
