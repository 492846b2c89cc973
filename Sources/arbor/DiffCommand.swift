import ArborCommandLine

/// `arbor diff A B`: what changed from one version of a document to another, printed.
struct DiffCommand {
    /// What the difference prints as.
    enum Output: String, CaseIterable {
        case summary, paths, patch
    }

    /// The command's arguments, options and help.
    static let spec = CommandLineSpec(
        name: "diff",
        abstract: "Print what changed from one document to another.",
        discussion: """
            Both sources are read as the documents they are (JSON, JSON Lines, YAML, TOML, property lists, INI, \
            or any other source read as its items' fields with their children under 'children'). Members are \
            matched by key, their order ignored; array elements by position, aligned so that an element \
            inserted or removed leaves the others matched. --output summary (the default) counts the changes \
            under each top-level member; paths prints each changed value's JSON pointer; patch prints an \
            RFC 6902 JSON Patch that makes the first document into the second. Exit status as diff(1): 0 \
            equal, 1 different, 2 trouble.
            """,
        arguments: [ArgumentSpec("first", help: "The earlier version."), ArgumentSpec("second", help: "The later version.")],
        options: SourceOptions.options + [
            .value("output", help: "What to print: summary, paths or patch (default: summary).").choosing(Output.allCases.map(\.rawValue)),
            .flag("print0", help: "End each path with a NUL byte instead of a newline."),
        ])

    var first: SourceOptions
    var second: SourceOptions
    var output: Output
    var print0: Bool

    /// The command of a parsed command line.
    init(_ parsed: ParsedCommandLine) throws(CommandLineError) {
        first = try SourceOptions(parsed, source: parsed.arguments[0])
        second = try SourceOptions(parsed, source: parsed.arguments[1])
        first.readsDocuments = true
        second.readsDocuments = true
        output = parsed.value("output").flatMap(Output.init(rawValue:)) ?? .summary
        print0 = parsed.flag("print0")
    }
}
