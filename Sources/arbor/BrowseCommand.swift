import ArborCore
import ArborSources
import ArborTUI
import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `arbor [SOURCE]`: browse, or with `--pick` pick items and print them.
struct BrowseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Browse a hierarchy in columns of object cells, or pick items from it.",
        discussion: """
            Keys: arrows or hjkl move, Enter expands, ? lists every binding, q quits. With --pick, Space or Tab \
            marks and Enter prints the marked items (or the focused leaf) on stdout.
            Exit status: 0 normal exit or something picked, 1 nothing picked, 2 bad usage or an unreadable or \
            invalid source, 130 cancelled.
            """
    )

    @OptionGroup var source: SourceOptions
    @OptionGroup var output: OutputOptions

    @Flag(help: "Pick an item and print it on stdout.")
    var pick = false

    @Flag(help: "Pick any number of items (implies --pick).")
    var multi = false

    @Option(help: "Open with the item of this id focused and its path expanded.")
    var select: String?

    @Option(help: "Cell style: auto, full (three lines) or single (one line).")
    var cells: String = "auto"

    @Option(help: "Layout: columns or outline (o switches).")
    var layout: String = "columns"

    @Flag(inversion: .prefixedNo, exclusivity: .chooseLast, help: "Show the object header of the focused item (i switches).")
    var header = false

    @Flag(inversion: .prefixedNo, exclusivity: .chooseLast, help: "Draw in colour (--no-color, or the NO_COLOR variable: without).")
    var color = true

    /// Whether to draw in colour: --color, unless NO_COLOR is set and not empty.
    var usesColor: Bool { color && (getenv("NO_COLOR").map { $0.pointee == 0 } ?? true) }

    @Flag(inversion: .prefixedNo, exclusivity: .chooseLast, help: "Answer the mouse: click focuses, a click on the icon expands, the wheel scrolls.")
    var mouse = true

    @Option(help: "Theme: default, light, mono, or a theme file (TOML).")
    var theme: String = "default"

    func validate() throws {
        guard CellMode(rawValue: cells) != nil else {
            throw ValidationError("--cells must be auto, full or single, not '\(cells)'")
        }
        guard Layout(rawValue: layout) != nil else {
            throw ValidationError("--layout must be columns or outline, not '\(layout)'")
        }
    }

    /// How items are marked.
    var selectionMode: SelectionMode { multi ? .multiple : pick ? .single : .none }
}
