import ArgumentParser

/// The `arbor` command: browsing by default, `print` as a subcommand.
struct ArborCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "arbor",
        abstract: "Browse, pick from and print hierarchies in the terminal.",
        subcommands: [BrowseCommand.self, PrintCommand.self, QueryCommand.self, KeysCommand.self],
        defaultSubcommand: BrowseCommand.self
    )
}
