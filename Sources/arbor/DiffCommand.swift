import ArborCommandLine

/// `arbor diff A B`: what changed from one version of a document to another, browsed as a tree of changes or
/// printed.
struct DiffCommand {
    /// What the difference prints as.
    enum Output: String, CaseIterable {
        case summary, paths, patch
    }

    /// The browser's options that apply to a difference.
    private static let browsing = BrowseCommand.spec.options.filter {
        !["output", "print0", "delimiter", "jsonpath", "watch", "select-1", "exit-0", "bash", "zsh", "fish"].contains($0.name)
            && !SourceOptions.options.map(\.name).contains($0.name)
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
            entries by name, a file by its size and content. On a terminal the changes are browsed as one tree: \
            + added, − removed, ~ changed, each container counting the changes under it; ] and [ go to the \
            next and previous change, . shows the unchanged items; with --pick, Enter prints the JSON pointers \
            of the items picked (a removed one's with a - before it). With watching on, either file rewritten \
            is compared again. --output summary (the default when stdout is not a terminal) counts the changes \
            under each top-level member; paths prints each changed value's JSON pointer; patch prints an RFC \
            6902 JSON Patch that makes the first document into the second. Exit status as diff(1): 0 equal, 1 \
            different, 2 trouble.
            """,
        arguments: [ArgumentSpec("first", help: "The earlier version."), ArgumentSpec("second", help: "The later version.")],
        options: SourceOptions.options + [
            .value("output", help: "Print instead of browsing: summary, paths or patch.").choosing(Output.allCases.map(\.rawValue)),
            .flag("print0", help: "End each path with a NUL byte instead of a newline."),
            .value("match-by", help: "Match array elements by this field's value (name, id) where they all hold it, not by position."),
        ] + browsing)

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
        output = parsed.value("output").flatMap(Output.init(rawValue:))
        print0 = parsed.flag("print0")
        matchBy = parsed.value("match-by")
        var browsing = parsed
        browsing.values["output"] = nil
        browsing.arguments = [parsed.arguments[0]]
        browse = try BrowseCommand(browsing)
    }
}
