import ArborCore
import ArborSources
import ArborTUI
import ArgumentParser

/// `arbor [SOURCE]`: browse a hierarchy in columns of object cells.
struct ArborCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "arbor",
        abstract: "Browse a hierarchy in columns of object cells.",
        discussion: """
            SOURCE is a JSON file whose objects hold their children in a 'children' array; '-' reads it from stdin.
            Keys: arrows or hjkl move, Enter expands, ? lists every binding, q quits.
            Exit status: 0 normal exit, 2 bad usage or an unreadable or invalid source, 130 cancelled.
            """
    )

    @Argument(help: "The hierarchy to open: a JSON file, or '-' for stdin.")
    var source: String?

    @Option(help: "The source format (json).")
    var format: String = "json"

    @Option(help: "The field that holds an item's id.")
    var id: String?

    @Option(help: "The field for the title (default: title, name, label, id).")
    var title: String?

    @Option(help: "The field for the subtitle (default: subtitle, type, kind).")
    var subtitle: String?

    @Option(help: "The field for the body (default: body, description, location).")
    var body: String?

    @Option(help: "The field that holds the children (default: children).")
    var children: String?

    @Option(help: "Cell style: auto, full (three lines) or single (one line).")
    var cells: String = "auto"

    @Flag(help: "Draw without colours (also when NO_COLOR is set).")
    var noColor = false

    func validate() throws {
        guard format == "json" else { throw ValidationError("unsupported format '\(format)' (supported: json)") }
        guard CellMode(rawValue: cells) != nil else {
            throw ValidationError("--cells must be auto, full or single, not '\(cells)'")
        }
    }

    /// The field mapping the options ask for.
    var mapping: FieldMapping {
        var mapping = FieldMapping()
        if let id { mapping.id = [id] }
        if let title { mapping.title = [title] }
        if let subtitle { mapping.subtitle = [subtitle] }
        if let body { mapping.body = [body] }
        if let children { mapping.children = children }
        return mapping
    }
}
