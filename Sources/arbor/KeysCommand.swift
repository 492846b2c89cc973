import ArborTUI
import ArgumentParser

/// `arbor keys`: the effective key bindings, the configuration file's changes applied, as a Markdown table.
struct KeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "List the key bindings in effect (the configuration file's [keys] applied) as a Markdown table."
    )

    @Flag(help: "The bindings of the picker.")
    var pick = false

    @Flag(help: "The built-in bindings, without the configuration file.")
    var defaults = false
}
