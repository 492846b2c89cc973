import Foundation
import Testing

/// The integration `arbor --bash`, `--zsh` and `--fish` print, each evaluated by its shell in tmux as
/// docs/shell.md says, and used as a person would.
@Suite("Shell integration", .serialized)
struct ShellSnippetTests {
    /// A shell session in a folder holding `work/b c.txt` and `tree/only/`, with arbor on the PATH.
    func shell(_ language: String, command: String) throws -> TmuxSession {
        let tmux = try TmuxSession("sleep 0.5; cd work && PATH=\"$PWD/../bin:$PATH\" \(command)")
        let root = tmux.directory
        let manager = FileManager.default
        for folder in ["work", "tree/only", "bin"] {
            try manager.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        _ = manager.createFile(atPath: root.appendingPathComponent("work/b c.txt").path, contents: Data())
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("bin/arbor").path, withDestinationPath: arborBinary)
        return tmux
    }

    /// The line docs/shell.md gives for each shell.
    func loadLine(_ language: String) throws -> String {
        let page = try String(contentsOf: projectRoot.appendingPathComponent("docs/shell.md"), encoding: .utf8)
        let line = page.split(separator: "\n").first { $0.contains("arbor --\(language)") && !$0.hasPrefix("#") && !$0.hasPrefix("`") }
        let code = line.map { $0.components(separatedBy: "  #")[0].trimmingCharacters(in: .whitespaces) }
        return try #require(code, "docs/shell.md shows how to load the \(language) integration")
    }

    func exercise(_ language: String, command: String, prompt: String, inserted: String) throws {
        let tmux = try shell(language, command: command)
        #expect(tmux.waitForScreen { $0.contains(prompt) }.ok, "\(language) did not start")
        try tmux.send("-l", try loadLine(language))
        try tmux.send("Enter")
        try tmux.send("-l", "echo ")
        try tmux.send("C-t")
        let picker = tmux.waitForScreen { $0.contains("pick many") && $0.contains("b c.txt") }
        #expect(picker.ok, "\(language): Ctrl-T did not open the picker:\n\(picker.screen)")
        try tmux.send("Enter")
        let line = tmux.waitForScreen { $0.contains("echo " + inserted) }
        #expect(line.ok, "\(language): the path was not inserted:\n\(line.screen)")
        try tmux.send("Enter")
        #expect(tmux.waitForScreen { $0.contains("\n./b c.txt") }.ok, "\(language): echo did not print the path")
        try tmux.send("-l", "acd ../tree")
        try tmux.send("Enter")
        #expect(tmux.waitForScreen { $0.contains("▌○ tree") }.ok, "\(language): acd did not open the picker")
        try tmux.send("Enter")
        #expect(tmux.waitForScreen { $0.contains("▌○ only") }.ok, "\(language): Enter did not expand")
        try tmux.send("Enter")
        // Keys typed before the picker has given the terminal back are the picker's, not the shell's.
        #expect(tmux.waitForScreen { !$0.contains("pick one") }.ok, "\(language): the picker did not end")
        try tmux.send("-l", "pwd")
        try tmux.send("Enter")
        let moved = tmux.waitForScreen { $0.contains("/tree/only\n") }
        #expect(moved.ok, "\(language): acd did not change directory:\n\(moved.screen)")
        try tmux.send("-l", "cd ..")
        try tmux.send("Enter")
        try tmux.send("M-c")
        #expect(tmux.waitForScreen { $0.contains("pick one") && $0.contains("▌○ only") }.ok, "\(language): Alt-C did not open the picker")
        try tmux.send("Enter")
        #expect(tmux.waitForScreen { !$0.contains("pick one") }.ok, "\(language): the picker did not end")
        try tmux.send("-l", "pwd")
        try tmux.send("Enter")
        let changed = tmux.waitForScreen { $0.components(separatedBy: "/tree/only\n").count > 2 }
        #expect(changed.ok, "\(language): Alt-C did not change directory:\n\(changed.screen)")
    }

    @Test func bash() throws {
        try exercise("bash", command: "PS1='bash$ ' bash --norc --noprofile -i", prompt: "bash$", inserted: #"./b\ c.txt"#)
    }

    @Test func zsh() throws {
        try exercise("zsh", command: "PS1='zsh%% ' zsh -f -i", prompt: "zsh%", inserted: #"./b\ c.txt"#)
    }

    @Test func fish() throws {
        try exercise("fish", command: "fish --no-config -i -C 'function fish_prompt; echo \"fish> \"; end'",
                     prompt: "fish>", inserted: "'./b c.txt'")
    }

    /// A script written by another version says so in one line on stderr when loaded; the current one says nothing.
    @Test(arguments: ["bash", "zsh", "fish"]) func anotherVersionWarns(_ language: String) throws {
        let folder = try makeScratchFolder("arbor-shell-version")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("bin/arbor").path, withDestinationPath: arborBinary)
        let version = String(try runCommand(arborBinary, ["--version"]).stdout.split(separator: " ")[1])
        let script = try runCommand(arborBinary, ["--\(language)"]).stdout
        #expect(script.hasPrefix("# arbor \(version)'s \(language) integration"))
        try script.write(to: folder.appendingPathComponent("current"), atomically: true, encoding: .utf8)
        try script.replacingOccurrences(of: version, with: "0.0.1").write(to: folder.appendingPathComponent("old"), atomically: true, encoding: .utf8)
        let shell = ["bash": ["bash", "--norc", "--noprofile", "-c"], "zsh": ["zsh", "-f", "-c"]][language] ?? ["fish", "--no-config", "-c"]
        func load(_ name: String) throws -> CommandResult {
            try runCommand("/usr/bin/env", ["PATH=\(folder.path)/bin:/usr/bin:/bin"] + shell + ["source \(folder.path)/\(name)"])
        }
        let old = try load("old")
        let warning = "arbor: this \(language) integration was written by arbor 0.0.1, the arbor on PATH is \(version): load it again"
        #expect(old.stderr.components(separatedBy: warning).count == 2, "\(old.stderr)")
        let current = try load("current")
        #expect(!current.stderr.contains("arbor:"), "\(current.stderr)")
    }
}
