import Foundation
import Testing

/// The snippets of docs/shell.md, each loaded into its shell in tmux and used as a person would.
@Suite("Shell integration snippets", .serialized)
struct ShellSnippetTests {
    /// The code of the fenced block for a language in docs/shell.md.
    func snippet(_ language: String) throws -> String {
        let page = try String(contentsOf: projectRoot.appendingPathComponent("docs/shell.md"), encoding: .utf8)
        let start = try #require(page.range(of: "```\(language)\n"))
        let end = try #require(page.range(of: "\n```", range: start.upperBound..<page.endIndex))
        return String(page[start.upperBound..<end.lowerBound]) + "\n"
    }

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
        try snippet(language).write(to: root.appendingPathComponent("snippet.\(language)"), atomically: true, encoding: .utf8)
        return tmux
    }

    func exercise(_ language: String, command: String, prompt: String, inserted: String) throws {
        let tmux = try shell(language, command: command)
        #expect(tmux.waitForScreen { $0.contains(prompt) }.ok, "\(language) did not start")
        try tmux.send("-l", "source ../snippet.\(language)")
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
        try tmux.send("-l", "pwd")
        try tmux.send("Enter")
        let moved = tmux.waitForScreen { $0.contains("/tree/only\n") }
        #expect(moved.ok, "\(language): acd did not change directory:\n\(moved.screen)")
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
}
