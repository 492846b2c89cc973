import ArborCommandLine
import CBuildInfo
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// The commit the program was built from, "unknown" when the build was not told.
    static var commit: String { String(cString: arbor_build_commit()) }
    /// What `arbor --version` prints: the version and the commit.
    static var versionLine: String { "arbor \(version) (commit \(commit))" }
    /// When this version was made, for the manual page.
    static let releaseDate = "2026-11-24"

    /// The subcommands by name, browse first: it is the one run when the first word names none. Each command's
    /// help is made only when it is asked for: a start made all eight, 0.4 million instructions, to run the browser.
    private static let specs: [(name: String, spec: @Sendable () -> CommandLineSpec)] = [
        ("browse", { BrowseCommand.spec }), ("print", { PrintCommand.spec }), ("query", { QueryCommand.spec }),
        ("find", { FindCommand.spec }), ("diff", { DiffCommand.spec }), ("keys", { KeysCommand.spec }),
        ("completions", { DocumentsCommand.completionsSpec }), ("manual", { DocumentsCommand.manualSpec }),
    ]

    /// The subcommands, browse first.
    static var subcommands: [CommandLineSpec] { specs.map { $0.spec() } }

    /// The subcommand called `name`.
    static func subcommand(named name: String) -> CommandLineSpec? {
        specs.first { $0.name == name }?.spec()
    }

    /// The command a command line names and the words that follow its name.
    static func spec(for words: [String]) -> (spec: CommandLineSpec, rest: ArraySlice<String>) {
        if let first = words.first, let named = subcommand(named: first) {
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
            let named = words.dropFirst().first.flatMap(subcommand(named:))
            return .help(helpText(named ?? BrowseCommand.spec))
        }
        let (spec, rest) = spec(for: words)
        let parsed: ParsedCommandLine
        do {
            parsed = try CommandLineParser.parse(Array(rest), as: spec)
        } catch {
            // `arbor prnt /etc`: a first word that is no file but nearly a command's name was meant as the command.
            if spec.name == BrowseCommand.spec.name, let first = words.first, !first.hasPrefix("-"), access(first, F_OK) != 0,
               let meant = NearestWord.to(first, among: specs.map(\.name).filter { $0 != "browse" }) {
                throw CommandLineError("unknown command '\(first)'; did you mean '\(meant)'?")
            }
            throw error
        }
        if parsed.wantsHelp { return .help(helpText(spec)) }
        switch spec.name {
        case "print": return .run(.print(try PrintCommand(parsed)))
        case "query": return .run(.query(try QueryCommand(parsed)))
        case "find": return .run(.find(try FindCommand(parsed)))
        case "diff": return .run(.diff(try DiffCommand(parsed)))
        case "keys": return .run(.keys(KeysCommand(parsed)))
        case "completions": return .text(try DocumentsCommand(completions: parsed).text)
        case "manual": return .text(DocumentsCommand(manual: parsed).text)
        default: return .run(.browse(try BrowseCommand(parsed)))
        }
    }

    /// The help of a command; browsing's, which `arbor --help` shows, also names the other commands.
    static func helpText(_ spec: CommandLineSpec) -> String {
        let text = CommandHelp.text(spec)
        guard spec.name == "browse" else { return text }
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
