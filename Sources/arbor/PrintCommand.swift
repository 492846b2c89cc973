import ArborSources
import ArgumentParser

/// `arbor print [SOURCE]`: the hierarchy as an indented tree on stdout, no terminal needed.
struct PrintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "print",
        abstract: "Print the hierarchy as an indented tree on stdout.",
        discussion: "Each line shows the item's title unless --output says otherwise."
    )

    @OptionGroup var source: SourceOptions
    @OptionGroup var output: OutputOptions

    @Option(help: "Print this many levels below the top (0: the top items only).")
    var depth: Int?

    @Flag(help: "Draw the guides with ASCII characters.")
    var ascii = false

    func validate() throws {
        if let depth, depth < 0 { throw ValidationError("--depth must be 0 or more, not \(depth)") }
    }
}
