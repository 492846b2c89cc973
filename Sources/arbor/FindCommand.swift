import ArborCommandLine

/// `arbor find QUERY [SOURCE]`: the items matching a query, best first, on stdout.
struct FindCommand {
    /// The command's arguments, options and help.
    static let spec = CommandLineSpec(
        name: "find",
        abstract: "Print the items matching a query, best first.",
        discussion: """
            The query has fzf's extended syntax: words separated by spaces must all match, fuzzy by default; \
            'word matches exactly, ^word at the start, word$ at the end, !word must not match, a | b either; \
            a word in lower case ignores case. Every item of a file is searched; a directory, a database or \
            commands are walked breadth-first within --search-depth and --search-limit. Exit status: 0 \
            something matched, 1 nothing matched, 2 bad usage or an unreadable or invalid source.
            """,
        arguments: [ArgumentSpec("query", help: "What to look for."), SourceOptions.argument],
        options: SourceOptions.options + OutputOptions.options + SearchOptions.options)

    var query: String
    var source: SourceOptions
    var output: OutputOptions
    var search: SearchOptions

    /// The command of a parsed command line.
    init(_ parsed: ParsedCommandLine) throws(CommandLineError) {
        query = parsed.arguments[0]
        source = try SourceOptions(parsed, source: parsed.arguments.count > 1 ? parsed.arguments[1] : nil)
        output = try OutputOptions(parsed)
        search = try SearchOptions(parsed)
    }
}
