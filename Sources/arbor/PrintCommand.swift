import ArborCommandLine

/// `arbor print [SOURCE]`: the hierarchy as an indented tree on stdout, no terminal needed.
struct PrintCommand {
    /// Each option of the command's own, declared once: the help lists it and the command reads it by this.
    enum Spec {
        static let depth = OptionSpec.value("depth", help: "Print this many levels below the top (0: the top items only).")
        static let ascii = OptionSpec.flag("ascii", help: "Draw the guides with ASCII characters.")
    }

    /// The command's arguments, options and help.
    static let spec = CommandLineSpec(
        name: "print",
        abstract: "Print the hierarchy as an indented tree on stdout.",
        discussion: "Each line shows the item's title unless --output says otherwise.",
        arguments: [SourceOptions.argument],
        options: SourceOptions.options + OutputOptions.options + [Spec.depth, Spec.ascii])

    var source: SourceOptions
    var output: OutputOptions
    var depth: Int?
    var ascii: Bool

    /// The command of a parsed command line; a negative depth is an error.
    init(_ parsed: ParsedCommandLine) throws(CommandLineError) {
        source = try SourceOptions(parsed, source: parsed.arguments.first)
        output = try OutputOptions(parsed)
        depth = try parsed.integer(Spec.depth)
        ascii = parsed.flag(Spec.ascii)
        if let depth, depth < 0 { throw CommandLineError("--depth must be 0 or more, not \(depth)") }
    }
}
