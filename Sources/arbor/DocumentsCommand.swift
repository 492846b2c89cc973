import ArborCommandLine
import ArborTUI

/// `arbor completions SHELL` and `arbor manual`: the completion scripts and the manual page, written from the
/// same specifications as `--help`, so that they cannot drift from it.
struct DocumentsCommand {
    /// `arbor completions SHELL`.
    static let completionsSpec = CommandLineSpec(
        name: "completions",
        abstract: "Print the completions for bash, zsh or fish.",
        discussion: "bash: source <(arbor completions bash); zsh: arbor completions zsh > DIR/_arbor, DIR in fpath; "
            + "fish: arbor completions fish | source. make install puts them where each shell finds them.",
        arguments: [ArgumentSpec("shell", help: "bash, zsh or fish.")],
        options: [])

    /// `arbor manual`.
    static let manualSpec = CommandLineSpec(
        name: "manual",
        abstract: "Print the manual page arbor(1) (roff): arbor manual | man -l -",
        options: [])

    /// The text to print: a script, or the page.
    var text: String

    /// The completions for the shell the command line names; another name is an error.
    init(completions parsed: ParsedCommandLine) throws(CommandLineError) {
        let shell = parsed.arguments[0]
        guard let script = Self.completions.script(for: shell) else {
            throw CommandLineError("completions: '\(shell)' is not one of \(ShellCompletions.shells.joined(separator: ", "))")
        }
        text = script
    }

    /// The manual page.
    init(manual parsed: ParsedCommandLine) {
        text = Self.manual.roff
    }

    static var completions: ShellCompletions {
        ShellCompletions(program: "arbor", main: BrowseCommand.spec, subcommands: ArborCommand.subcommands.filter { $0.name != BrowseCommand.spec.name })
    }

    static var manual: ManualPage {
        let keys = KeyMap.standard.bindings.map { (term: Optional($0.keys.map(\.label).joined(separator: ", ")), text: $0.command.summary) }
            + [(term: "Space, Tab", text: "mark or unmark the focused item (picker)")]
        return ManualPage(
            program: "arbor", summary: "browse and pick from hierarchies in the terminal", version: ArborCommand.version,
            date: ArborCommand.releaseDate, main: BrowseCommand.spec,
            subcommands: ArborCommand.subcommands.filter { $0.name != BrowseCommand.spec.name },
            sections: [
                ManualSection("Keys", keys),
                ManualSection("Exit status", [
                    ("0", "Quit normally, or something was picked or printed."), ("1", "Nothing was picked, matched or printed."),
                    ("2", "Bad usage, or a source that cannot be read, with a message naming what and where."),
                    ("130", "Cancelled (q or Esc in the picker, Ctrl-C)."),
                ]),
                ManualSection("Environment", [
                    ("ARBOR_DEFAULT_OPTS", "Options read before those of the command line."),
                    ("NO_COLOR", "When set and not empty, draw without colour."),
                    ("TMUX", "When set, copies (y, Y) are also wrapped for tmux's passthrough."),
                    ("PGHOST, PGPORT, PGDATABASE, PGUSER, PGSERVICE, PGPASSFILE",
                     "libpq's own settings, for PostgreSQL sources (see docs/sources.md)."),
                ]),
                ManualSection("Files", [
                    ("$XDG_CONFIG_HOME/arbor/config.toml, ~/.config/arbor/config.toml", "Key bindings, theme and default options."),
                ]),
                ManualSection("See also", [(nil, "fzf(1), psql(1); the documents in docs/ of the source distribution.")]),
            ])
    }
}
