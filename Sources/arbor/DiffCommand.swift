import ArborCommandLine

/// `arbor diff A B`: what changed from one version of a document to another, browsed as a tree of changes or
/// printed.
struct DiffCommand {
    /// What the difference prints as.
    enum Output: String, CaseIterable {
        case summary, paths, patch
    }

    /// The browser's options that apply to a difference: not its source's, output's, query's, watching's,
    /// answers without a screen's or shells'.
    private static let browsing = BrowseCommand.spec.options.filter { option in
        let left = SourceOptions.options + OutputOptions.options
            + [BrowseCommand.Spec.jsonpath, BrowseCommand.Spec.watch, BrowseCommand.Spec.selectOne, BrowseCommand.Spec.exitZero,
               BrowseCommand.Spec.bash, BrowseCommand.Spec.zsh, BrowseCommand.Spec.fish]
        return !left.contains { $0.name == option.name }
    }

    /// Each option of the command's own, declared once: the help lists it and the command reads it by this.
    enum Spec {
        static let output = OptionSpec.value("output", help: "Print instead of browsing: summary, paths or patch.").choosing(Output.allCases.map(\.rawValue))
        static let printZero = OptionSpec.flag("print0", help: "End each path with a NUL byte instead of a newline.")
        static let matchBy = OptionSpec.value("match-by", help: "Match array elements by this field's value (name, id) where they all hold it, not by position.")
    }

    /// The command's arguments, options and help.
    static let spec = CommandLineSpec(
        name: "diff",
        abstract: "Browse what changed from one document to another, or print it.",
        discussion: """
            Both sources are read as the documents they are (JSON, JSON Lines, YAML, TOML, property lists, INI, \
            or any other source read as its items' fields with their children under 'children'). Members are \
            matched by key, their order ignored; array elements by position, aligned so that an element \
            inserted or removed leaves the others matched; with --match-by FIELD, by that field's value (a table's \
            rows, and the items of any hierarchy that is not a document, by their id). Directories compare their \
            entries by name, a file by its size and content, and a changed file Arbor reads as a document by what \
            it holds (paths then read conf/app.json#/spec/replicas); two SQLite databases table by table, rows \
            by rowid or primary key. On a terminal the changes are browsed as one tree: \
            + added, − removed, ~ changed, each container counting the changes under it; ] and [ go to the \
            next and previous change, . shows the unchanged items; with --pick, Enter prints the JSON pointers \
            of the items picked (a removed one's with a - before it). With watching on, either file rewritten \
            is compared again. --output summary (the default when stdout is not a terminal) counts the changes \
            under each top-level member; paths prints each changed value's JSON pointer; patch prints an RFC \
            6902 JSON Patch that makes the first document into the second. Exit status as diff(1): 0 equal, 1 \
            different, 2 trouble.
            """,
        arguments: [ArgumentSpec("first", help: "The earlier version."), ArgumentSpec("second", help: "The later version.")],
        options: SourceOptions.options + [Spec.output, Spec.printZero, Spec.matchBy] + browsing)

    var first: SourceOptions
    var second: SourceOptions
    /// What to print, when the difference is printed rather than browsed.
    var output: Output?
    var print0: Bool
    /// The field array elements are matched by, if given.
    var matchBy: String?
    /// How the tree of changes is browsed.
    var browse: BrowseCommand

    /// The command of a parsed command line.
    init(_ parsed: ParsedCommandLine) throws(CommandLineError) {
        first = try SourceOptions(parsed, source: parsed.arguments[0])
        second = try SourceOptions(parsed, source: parsed.arguments[1])
        first.readsDocuments = true
        second.readsDocuments = true
        output = parsed.value(Spec.output).flatMap(Output.init(rawValue:))
        print0 = parsed.flag(Spec.printZero)
        matchBy = parsed.value(Spec.matchBy)
        var browsing = parsed
        browsing.values[Spec.output.name] = nil
        browsing.arguments = [parsed.arguments[0]]
        browse = try BrowseCommand(browsing)
    }
}
