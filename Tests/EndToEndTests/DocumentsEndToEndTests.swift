import Foundation
import Testing

@Suite("The manual page, the completions and make install, from the same specification as --help", .serialized)
struct DocumentsEndToEndTests {
    func arbor(_ arguments: String...) throws -> String {
        let result = try runCommand(arborBinary, arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result.stdout
    }

    /// Every `--option` of `arbor --help` and the subcommands' helps.
    func optionsInHelp() throws -> Set<String> {
        var options: Set<String> = []
        for command in ["", "print", "query", "find", "keys"] {
            let help = try command.isEmpty ? arbor("--help") : arbor(command, "--help")
            for match in help.matches(of: /(?m)^  (--[a-z0-9-]+)/) { options.insert(String(match.1)) }
        }
        return options
    }

    func write(_ text: String, _ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-doc-\(UUID().uuidString.prefix(8))-\(name)").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func theManualPageIsCleanRoffAndListsEveryOption() throws {
        let page = try write(try arbor("manual"), "arbor.1")
        defer { try? FileManager.default.removeItem(atPath: page) }
        let lint = try runCommand("/usr/bin/env", ["groff", "-ww", "-z", "-man", page])
        #expect(lint.status == 0 && lint.stderr.isEmpty, "groff -ww: \(lint.stderr)")
        let shown = try runCommand("/usr/bin/env", ["MANWIDTH=100", "man", "-l", page])
        #expect(shown.status == 0 && shown.stderr.isEmpty, "man -l: \(shown.stderr)")
        for section in ["NAME", "SYNOPSIS", "OPTIONS", "COMMANDS", "KEYS", "EXIT STATUS", "ENVIRONMENT"] {
            #expect(shown.stdout.contains("\n\(section)\n"), "\(section)")
        }
        let options = try optionsInHelp()
        #expect(options.count > 40)
        for option in options { #expect(shown.stdout.contains(option), "\(option) is in --help but not in the manual") }
        #expect(shown.stdout.contains("copy the focused item's id"), "the keys come from the key map")
    }

    @Test func bashAndFishCompleteOptionsValuesAndSubcommands() throws {
        let bash = try write(try arbor("completions", "bash"), "arbor.bash")
        defer { try? FileManager.default.removeItem(atPath: bash) }
        let asked = try runCommand("/usr/bin/env", ["bash", "-c", """
            source \(shellQuote(bash))
            ask() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=(); _arbor; echo "${COMPREPLY[*]}"; }
            ask arbor --for; ask arbor --format ya; ask arbor pri; ask arbor print --dep; ask arbor --cells ""
            """])
        #expect(asked.stdout == "--format\nyaml\nprint\n--depth\nauto full single focused\n", "\(asked.stdout)\(asked.stderr)")
        let fish = try write(try arbor("completions", "fish"), "arbor.fish")
        defer { try? FileManager.default.removeItem(atPath: fish) }
        let fished = try runCommand("/usr/bin/env", ["fish", "-c", "source \(shellQuote(fish)); complete -C 'arbor --cells '; complete -C 'arbor qu'"])
        #expect(fished.stdout.split(separator: "\n").map { $0.split(separator: "\t")[0] } == ["auto", "focused", "full", "single", "query"], "\(fished.stdout)")
        for option in try optionsInHelp() where option != "--help" {
            for script in [bash, fish] {
                #expect(try String(contentsOfFile: script, encoding: .utf8).contains(option.dropFirst(2)), "\(option) in \(script)")
            }
        }
    }

    @Test func zshCompletesInAnInteractiveShell() throws {
        let folder = try makeScratchFolder("arbor-zfunc")
        defer { try? FileManager.default.removeItem(at: folder) }
        try arbor("completions", "zsh").write(to: folder.appendingPathComponent("_arbor"), atomically: true, encoding: .utf8)
        let binaries = URL(fileURLWithPath: arborBinary).deletingLastPathComponent().path
        let tmux = try TmuxSession("PS1='zsh%% ' zsh -f -i")
        #expect(tmux.waitForScreen { $0.contains("zsh%") }.ok)
        try tmux.send("-l", "fpath=(\(folder.path) $fpath); autoload -U compinit; compinit -u; PATH=\(binaries):$PATH; clear")
        try tmux.send("Enter")
        try tmux.send("-l", "arbor --cel")
        try tmux.send("Tab")
        #expect(tmux.waitForScreen { $0.contains("arbor --cells=") }.ok, "\(tmux.screen())")
        try tmux.send("Tab")
        #expect(tmux.waitForScreen { $0.contains("auto") && $0.contains("single") }.ok, "\(tmux.screen())")
    }

    @Test func makeInstallPutsEachFileWhereItsReaderLooks() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-prefix-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        let installed = try runCommand("/usr/bin/env", ["make", "-C", projectRoot.path, "-o", "build", "install",
                                                        "PREFIX=\(prefix)", "BIN_RELEASE=\(arborBinary)"])
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/arbor"))
        let page = try runCommand("/usr/bin/env", ["MANPATH=\(prefix)/share/man", "MANWIDTH=100", "man", "arbor"])
        #expect(page.status == 0 && page.stdout.contains("browse and pick from hierarchies"), "\(page.stderr)")
        for (file, shell) in [("bash-completion/completions/arbor", "bash"), ("zsh/site-functions/_arbor", "zsh"),
                              ("fish/vendor_completions.d/arbor.fish", "fish")] {
            let text = try String(contentsOfFile: "\(prefix)/share/\(file)", encoding: .utf8)
            #expect(text == (try arbor("completions", shell)), "\(file)")
        }
    }
}
