import ArborCommandLine

/// `arbor keys`: the effective key bindings, the configuration file's changes applied, as a Markdown table.
struct KeysCommand {
    /// The command's options and help.
    static let spec = CommandLineSpec(
        name: "keys",
        abstract: "List the key bindings in effect (the configuration file's [keys] applied) as a Markdown table.",
        options: [
            .flag("pick", help: "The bindings of the picker."),
            .flag("defaults", help: "The built-in bindings, without the configuration file."),
        ])

    var pick: Bool
    var defaults: Bool

    /// The command of a parsed command line.
    init(_ parsed: ParsedCommandLine) {
        pick = parsed.flag("pick")
        defaults = parsed.flag("defaults")
    }
}
