import ArborCommandLine

/// The `arbor` command line: browsing by default, `print`, `query` and `keys` as subcommands.
enum ArborCommand {
    case browse(BrowseCommand)
    case print(PrintCommand)
    case query(QueryCommand)
    case find(FindCommand)
    case diff(DiffCommand)
    case keys(KeysCommand)

    /// What a command line asks for.
    enum Request {
        /// Run a command.
        case run(ArborCommand)
        /// Print this help text.
        case help(String)
        /// Print the version.
        case version
        /// Print text for the shell or another program to read (an integration script, completions, the manual).
        case text(String)
    }

    /// The program's version.
    static let version = "0.7.0"
    /// When this version was made, for the manual page.
    static let releaseDate = "2026-11-24"

    /// The subcommands, browse first: it is the one run when the first word names none.
    static let subcommands = [BrowseCommand.spec, PrintCommand.spec, QueryCommand.spec, FindCommand.spec, DiffCommand.spec, KeysCommand.spec,
                              DocumentsCommand.completionsSpec, DocumentsCommand.manualSpec]

    /// The command a command line names and the words that follow its name.
    static func spec(for words: [String]) -> (spec: CommandLineSpec, rest: ArraySlice<String>) {
        if let first = words.first, let named = subcommands.first(where: { $0.name == first }) {
            return (named, words.dropFirst())
        }
        return (BrowseCommand.spec, words[...])
    }

    /// What `words` (the arguments after the program's name) ask for.
    static func parse(_ words: [String]) throws(CommandLineError) -> Request {
        if words == ["--version"] { return .version }
        if words.count == 1, words[0].hasPrefix("--"), let script = ShellIntegration.script(for: String(words[0].dropFirst(2))) {
            return .text(script)
        }
        if words.first == "help" {
            let named = words.dropFirst().first.flatMap { name in subcommands.first { $0.name == name } }
            return .help(helpText(named ?? BrowseCommand.spec))
        }
        let (spec, rest) = spec(for: words)
        let parsed = try CommandLineParser.parse(Array(rest), as: spec)
        if parsed.wantsHelp { return .help(helpText(spec)) }
        switch spec.name {
        case PrintCommand.spec.name: return .run(.print(try PrintCommand(parsed)))
        case QueryCommand.spec.name: return .run(.query(try QueryCommand(parsed)))
        case FindCommand.spec.name: return .run(.find(try FindCommand(parsed)))
        case DiffCommand.spec.name: return .run(.diff(try DiffCommand(parsed)))
        case KeysCommand.spec.name: return .run(.keys(KeysCommand(parsed)))
        case DocumentsCommand.completionsSpec.name: return .text(try DocumentsCommand(completions: parsed).text)
        case DocumentsCommand.manualSpec.name: return .text(DocumentsCommand(manual: parsed).text)
        default: return .run(.browse(try BrowseCommand(parsed)))
        }
    }

    /// The help of a command; browsing's, which `arbor --help` shows, also names the other commands.
    static func helpText(_ spec: CommandLineSpec) -> String {
        let text = CommandHelp.text(spec)
        guard spec.name == BrowseCommand.spec.name else { return text }
        return text + """

            Also: 'arbor print [SOURCE]' lists the hierarchy as a tree on stdout (see 'arbor print --help');
            'arbor query ancestors|descendants|siblings|group ID [SOURCE]' answers relative queries;
            'arbor find QUERY [SOURCE]' prints the items matching a query, best first;
            'arbor diff A B' prints what changed from one document to another (a summary, paths or a JSON Patch);
            'arbor keys' lists the key bindings; 'arbor completions bash|zsh|fish' and 'arbor manual' print the
            completions and the manual page; 'arbor --version' prints the version.

            """
    }
}
