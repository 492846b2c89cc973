import ArborCommandLine

/// `arbor keys`: the effective key bindings, the configuration file's changes applied, as a Markdown table.
struct KeysCommand {
    /// Each option of the command's own, declared once: the help lists it and the command reads it by this.
    enum Spec {
        static let pick = OptionSpec.flag("pick", help: "The bindings of the picker.")
        static let defaults = OptionSpec.flag("defaults", help: "The built-in bindings, without the configuration file.")
    }

    /// The command's options and help.
    static let spec = CommandLineSpec(
        name: "keys",
        abstract: "List the key bindings in effect (the configuration file's [keys] applied) as a Markdown table.",
        options: [Spec.pick, Spec.defaults])

    var pick: Bool
    var defaults: Bool

    /// The command of a parsed command line.
    init(_ parsed: ParsedCommandLine) {
        pick = parsed.flag(Spec.pick)
        defaults = parsed.flag(Spec.defaults)
    }
}
