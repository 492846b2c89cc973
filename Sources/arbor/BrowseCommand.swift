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
    /// Each option of the command's own, declared once: the help lists it and the command reads it by this.
    enum Spec {
        static let query = OptionSpec.value("query", help: "Start with this filter typed (fzf's extended syntax).")
        static let jsonpath = OptionSpec.value("jsonpath", help: "Open on the matches of this JSONPath query and the items above them ($ asks another; Esc: the whole tree).")
        static let watch = OptionSpec.value("watch", help: "Read the open columns again every SECONDS (commands, SQLite: what cannot be watched).")
        static let pick = OptionSpec.flag("pick", help: "Pick an item and print it on stdout.")
        static let multi = OptionSpec.flag("multi", help: "Pick any number of items (implies --pick).")
        static let select = OptionSpec.value("select", help: "Open with the item of this id focused and its path expanded.")
        static let expect = OptionSpec.value("expect", help: "Keys that accept too (ctrl-v,ctrl-x); the key's name is printed first.")
        static let selectOne = OptionSpec.flag("select-1", help: "With one item matching --query (by its path of titles, anywhere), print it at once.")
        static let exitZero = OptionSpec.flag("exit-0", help: "With no item matching --query (by its path of titles, anywhere), exit 1 at once.")
        static let height = OptionSpec.value("height", help: "Draw in N rows (or N% of the terminal) below the cursor, not the whole screen.")
        static let cells = OptionSpec.value("cells", help: "Cells: auto (the focused item on three lines, one line for the others and for documents), full (three lines), single or focused.").choosing(CellMode.allCases.map(\.rawValue))
        static let layout = OptionSpec.value("layout", help: "Layout: columns or outline (o switches).").choosing(["columns", "outline"])
        static let header = OptionSpec("header", .invertibleFlag(defaultOn: false), help: "Show the object header of the focused item (i switches).")
        static let color = OptionSpec("color", .invertibleFlag(defaultOn: true), help: "Draw in colour (--no-color, or the NO_COLOR variable: without).")
        static let mouse = OptionSpec("mouse", .invertibleFlag(defaultOn: true),
            help: "Answer the mouse: click focuses, a click on the icon expands, the wheel scrolls.")
        static let theme = OptionSpec.value("theme", help: "Theme: default, light, mono, or a theme file (TOML).")
        static let preview = OptionSpec.value("preview", help: "Show CMD's output for the focused item in the preview pane ({} {path} {file} {line}... quoted).")
        static let previewWindow = OptionSpec.value("preview-window", help: "The preview pane: right[:N%], down[:N%], hidden, wrap (opens the built-in preview).")
        static let bind = OptionSpec.value("bind", help: "Bind keys to actions: KEY:ACTION[+ACTION...] (execute(CMD), reload(CMD), become(CMD)...).")
        static let bash = OptionSpec.flag("bash", help: "Print the bash key bindings and acd, for: eval \"$(arbor --bash)\".")
        static let zsh = OptionSpec.flag("zsh", help: "Print the zsh key bindings and acd, for: source <(arbor --zsh).")
        static let fish = OptionSpec.flag("fish", help: "Print the fish key bindings and acd, for: arbor --fish | source.")
    }

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
        options: SourceOptions.options + OutputOptions.options + SearchOptions.options + [Spec.query, Spec.jsonpath, Spec.watch, Spec.pick, Spec.multi, Spec.select, Spec.expect, Spec.selectOne, Spec.exitZero, Spec.height, Spec.cells, Spec.layout, Spec.header, Spec.color, Spec.mouse, Spec.theme, Spec.preview, Spec.previewWindow, Spec.bind, Spec.bash, Spec.zsh, Spec.fish])

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
        query = parsed.value(Spec.query)
        jsonpath = parsed.value(Spec.jsonpath)
        watch = try parsed.number(Spec.watch)
        if let watch, !(watch > 0) { throw CommandLineError("--watch must be more than 0 seconds, not \(watch)") }
        pick = parsed.flag(Spec.pick)
        multi = parsed.flag(Spec.multi)
        select = parsed.value(Spec.select)
        expect = []
        for name in (parsed.value(Spec.expect) ?? "").split(separator: ",") {
            guard let key = Key(name: String(name)) else {
                throw CommandLineError("--expect: '\(name)' is not a key name (ctrl-v, f, enter, tab...)")
            }
            expect.append(key)
        }
        if let text = parsed.value(Spec.height) {
            guard let height = InlineHeight(text) else {
                throw CommandLineError("--height takes a number of rows (3 or more) or a percentage (N%), not '\(text)'")
            }
            self.height = height
        }
        selectOne = parsed.flag(Spec.selectOne)
        exitZero = parsed.flag(Spec.exitZero)
        if (!expect.isEmpty || selectOne || exitZero) && !(pick || multi) {
            throw CommandLineError("--expect, --select-1 and --exit-0 go with --pick or --multi")
        }
        let cellsName = parsed.value(Spec.cells) ?? "auto"
        let layoutName = parsed.value(Spec.layout) ?? "columns"
        header = parsed.flag(Spec.header)
        color = parsed.flag(Spec.color)
        mouse = parsed.flag(Spec.mouse)
        theme = parsed.value(Spec.theme) ?? "default"
        preview = parsed.value(Spec.preview)
        if let text = parsed.value(Spec.previewWindow) {
            do {
                previewWindow = try PreviewWindow(parsing: text)
            } catch {
                throw CommandLineError("--preview-window: \(error.description)")
            }
        }
        bindings = []
        for text in parsed.values(Spec.bind) {
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
