import ArborSources
import ArgumentParser

/// The options that say what to open and how to read it, shared by every command.
struct SourceOptions: ParsableArguments {
    @Argument(help: "The hierarchy: a directory, a JSON, YAML, CSV or TSV file, or a path list ('-' or nothing: stdin).")
    var source: String?

    @Option(help: """
        The source format: json (an object tree when objects hold a children array, else a document), tree, \
        document, yaml, csv, tsv, sqlite, paths, fs or cmd (default: a directory is fs; files: by extension, then by content).
        """)
    var format: String?

    @Option(help: "The field that holds an item's id.")
    var id: String?

    @Option(help: "The field for the title (default: title, name, label, id).")
    var title: String?

    @Option(help: "The field for the subtitle (default: subtitle, type, kind).")
    var subtitle: String?

    @Option(help: "The field for the body (default: body, description, location).")
    var body: String?

    @Option(help: "The column that holds the parent's id in tables (default: parent, parent_id, parentId).")
    var parent: String?

    @Option(help: "The field that holds the children (default: children).")
    var children: String?

    @Option(help: "The separator of path lists (one byte, default '/').")
    var separator: String = "/"

    @Option(help: "A command printing the children of {} (the id, quoted), one a line: id<TAB>title<TAB>subtitle<TAB>body<TAB>count.")
    var childrenCmd: String?

    @Option(help: "A command printing the parent id of {} (with --children-cmd).")
    var parentCmd: String?

    @Option(help: "The id of the root item (with --children-cmd; without it the top level is what {} = '' gives).")
    var root: String?

    @Option(help: "The table of a SQLite database (needed when it has several).")
    var table: String?

    @Option(help: "The column that orders the children of a SQLite table (default: the id column).")
    var orderBy: String?

    @Option(help: "Seconds a command may run before its column shows a time-out (default 10).")
    var timeout: Double = 10

    func validate() throws {
        if let format, SourceFormat(rawValue: format) == nil {
            throw ValidationError("unsupported format '\(format)' (supported: json, tree, document, yaml, csv, tsv, sqlite, paths, fs, cmd)")
        }
        if childrenCmd == nil, parentCmd != nil || root != nil {
            throw ValidationError("--parent-cmd and --root go with --children-cmd")
        }
        guard timeout > 0 else { throw ValidationError("--timeout must be more than 0, not \(timeout)") }
        guard separator.utf8.count == 1 else { throw ValidationError("--separator must be one byte, not '\(separator)'") }
    }

    /// What to open.
    var request: SourceRequest {
        var mapping = FieldMapping()
        if let id { mapping.id = [id] }
        if let title { mapping.title = [title] }
        if let subtitle { mapping.subtitle = [subtitle] }
        if let body { mapping.body = [body] }
        if let children { mapping.children = children }
        if let parent { mapping.parent = [parent] }
        var request = SourceRequest(
            path: source == "-" ? nil : source, format: format.flatMap(SourceFormat.init(rawValue:)),
            mapping: mapping, separator: separator.utf8.first ?? UInt8(ascii: "/"))
        request.table = table
        request.orderBy = orderBy
        request.commands = childrenCmd.map { CommandSpec(children: $0, parent: parentCmd, root: root, timeout: timeout) }
        return request
    }
}

/// How picked or listed items are printed.
struct OutputOptions: ParsableArguments {
    @Option(help: "What to print for an item: id, path, title or json (default: path for path lists, id otherwise).")
    var output: String?

    @Flag(help: "End each item with a NUL byte instead of a newline.")
    var print0 = false

    @Option(help: "End each item with this text instead of a newline.")
    var delimiter: String?

    func validate() throws {
        if let output, OutputField(rawValue: output) == nil {
            throw ValidationError("--output must be id, path, title or json, not '\(output)'")
        }
    }

    /// The bytes after each item.
    var terminator: [UInt8] {
        print0 ? [0] : Array((delimiter ?? "\n").utf8)
    }

    /// The field to print, given the default for the source.
    func field(default fallback: OutputField) -> OutputField {
        output.flatMap(OutputField.init(rawValue:)) ?? fallback
    }
}
