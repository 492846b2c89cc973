import ArborCommandLine
import ArborCore
import ArborTUI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `arbor [SOURCE]`: browse, or with `--pick` pick items and print them.
struct BrowseCommand {
    /// The command's arguments, options and help.
    static let spec = CommandLineSpec(
        name: "browse",
        abstract: "Browse a hierarchy in columns of object cells, or pick items from it.",
        discussion: """
            Keys: arrows or hjkl move, Enter expands, ? lists every binding, q quits. With --pick, Space or Tab \
            marks and Enter prints the marked items (or the focused leaf) on stdout.
            Exit status: 0 normal exit or something picked, 1 nothing picked, 2 bad usage or an unreadable or \
            invalid source, 130 cancelled.
            """,
        arguments: [SourceOptions.argument],
        options: SourceOptions.options + OutputOptions.options + SearchOptions.options + [
            .value("query", help: "Start with this filter typed (fzf's extended syntax)."),
            .value("jsonpath", help: "Open on the matches of this JSONPath query and the items above them ($ asks another; Esc: the whole tree)."),
            .value("watch", help: "Read the open columns again every SECONDS (commands, SQLite: what cannot be watched)."),
            .flag("pick", help: "Pick an item and print it on stdout."),
            .flag("multi", help: "Pick any number of items (implies --pick)."),
            .value("select", help: "Open with the item of this id focused and its path expanded."),
            .value("expect", help: "Keys that accept too (ctrl-v,ctrl-x); the key's name is printed first."),
            .flag("select-1", help: "With one item in the first list (after --query), print it at once."),
            .flag("exit-0", help: "With no item in the first list (after --query), exit 1 at once."),
            .value("height", help: "Draw in N rows (or N% of the terminal) below the cursor, not the whole screen."),
            .value("cells", help: "Cells: auto (one line for documents), full (three lines) or single.").choosing(CellMode.allCases.map(\.rawValue)),
            .value("layout", help: "Layout: columns or outline (o switches).").choosing(["columns", "outline"]),
            OptionSpec("header", .invertibleFlag(defaultOn: false), help: "Show the object header of the focused item (i switches)."),
            OptionSpec("color", .invertibleFlag(defaultOn: true), help: "Draw in colour (--no-color, or the NO_COLOR variable: without)."),
            OptionSpec("mouse", .invertibleFlag(defaultOn: true),
                       help: "Answer the mouse: click focuses, a click on the icon expands, the wheel scrolls."),
            .value("theme", help: "Theme: default, light, mono, or a theme file (TOML)."),
            .value("preview", help: "Show CMD's output for the focused item in the preview pane ({} {path} {file} {line}... quoted)."),
            .value("preview-window", help: "The preview pane: right[:N%], down[:N%], hidden, wrap (opens the built-in preview)."),
            .value("bind", help: "Bind keys to actions: KEY:ACTION[+ACTION...] (execute(CMD), reload(CMD), become(CMD)...)."),
            .flag("bash", help: "Print the bash key bindings and acd, for: eval \"$(arbor --bash)\"."),
            .flag("zsh", help: "Print the zsh key bindings and acd, for: source <(arbor --zsh)."),
            .flag("fish", help: "Print the fish key bindings and acd, for: arbor --fish | source."),
        ])

    var source: SourceOptions
    var output: OutputOptions
    var search: SearchOptions
    var query: String?
    /// Seconds between readings of the open columns again, if asked.
    var watch: Double?
    var pick: Bool
    var multi: Bool
    var select: String?
    /// The JSONPath query whose answer the browser opens on.
    var jsonpath: String?
    /// Keys that accept as Enter does, their name printed on the first line.
    var expect: [Key]
    var selectOne: Bool
    var exitZero: Bool
    /// Rows below the cursor to draw in, instead of the whole screen.
    var height: InlineHeight?
    var cells: CellMode
    var layout: Layout
    var header: Bool
    var color: Bool
    var mouse: Bool
    var theme: String
    /// The preview command, if given.
    var preview: String?
    /// Where the preview pane goes, if given.
    var previewWindow: PreviewWindow?
    /// Keys bound to actions, in the order given.
    var bindings: [ActionBinding]

    /// The command of a parsed command line; values out of their range are errors.
    init(_ parsed: ParsedCommandLine) throws(CommandLineError) {
        source = try SourceOptions(parsed, source: parsed.arguments.first)
        output = try OutputOptions(parsed)
        search = try SearchOptions(parsed)
        query = parsed.value("query")
        jsonpath = parsed.value("jsonpath")
        watch = try parsed.number("watch")
        if let watch, !(watch > 0) { throw CommandLineError("--watch must be more than 0 seconds, not \(watch)") }
        pick = parsed.flag("pick")
        multi = parsed.flag("multi")
        select = parsed.value("select")
        expect = []
        for name in (parsed.value("expect") ?? "").split(separator: ",") {
            guard let key = Key(name: String(name)) else {
                throw CommandLineError("--expect: '\(name)' is not a key name (ctrl-v, f, enter, tab...)")
            }
            expect.append(key)
        }
        if let text = parsed.value("height") {
            guard let height = InlineHeight(text) else {
                throw CommandLineError("--height takes a number of rows (3 or more) or a percentage (N%), not '\(text)'")
            }
            self.height = height
        }
        selectOne = parsed.flag("select-1")
        exitZero = parsed.flag("exit-0")
        if (!expect.isEmpty || selectOne || exitZero) && !(pick || multi) {
            throw CommandLineError("--expect, --select-1 and --exit-0 go with --pick or --multi")
        }
        let cellsName = parsed.value("cells") ?? "auto"
        let layoutName = parsed.value("layout") ?? "columns"
        header = parsed.flag("header")
        color = parsed.flag("color", default: true)
        mouse = parsed.flag("mouse", default: true)
        theme = parsed.value("theme") ?? "default"
        preview = parsed.value("preview")
        if let text = parsed.value("preview-window") {
            do {
                previewWindow = try PreviewWindow(parsing: text)
            } catch {
                throw CommandLineError("--preview-window: \(error.description)")
            }
        }
        bindings = []
        for text in parsed.values["bind"] ?? [] {
            do {
                bindings += try BindingParser.parse(text)
            } catch {
                throw CommandLineError("--bind: \(error.description)")
            }
        }
        guard let cells = CellMode(rawValue: cellsName) else {
            throw CommandLineError("--cells must be auto, full or single, not '\(cellsName)'")
        }
        guard let layout = Layout(rawValue: layoutName) else {
            throw CommandLineError("--layout must be columns or outline, not '\(layoutName)'")
        }
        self.cells = cells
        self.layout = layout
    }

    /// Whether to draw in colour: --color, unless NO_COLOR is set and not empty.
    var usesColor: Bool { color && (getenv("NO_COLOR").map { $0.pointee == 0 } ?? true) }

    /// How items are marked.
    var selectionMode: SelectionMode { multi ? .multiple : pick ? .single : .none }
}
