import ArborConfig
import ArborSources

/// The options that say what to open and how to read it, shared by every command.
struct SourceOptions {
    /// The positional argument naming the source.
    static let argument = ArgumentSpec(
        "source", help: "The hierarchy: a directory, a JSON, YAML, CSV or TSV file, or a path list ('-' or nothing: stdin).",
        optional: true)

    /// The options, in the order the help lists them.
    static let options: [OptionSpec] = [
        .value("format", help: """
            The source format: json (an object tree when objects hold a children array, else a document), tree, \
            document, yaml, csv, tsv, sqlite, paths, fs or cmd (default: a directory is fs; files: by extension, then \
            by content).
            """),
        .value("id", help: "The field that holds an item's id."),
        .value("title", help: "The field for the title (default: title, name, label, id)."),
        .value("subtitle", help: "The field for the subtitle (default: subtitle, type, kind)."),
        .value("body", help: "The field for the body (default: body, description, location)."),
        .value("parent", help: "The column that holds the parent's id in tables (default: parent, parent_id, parentId)."),
        .value("children", help: "The field that holds the children (default: children)."),
        .value("separator", help: "The separator of path lists (one byte, default '/')."),
        .value("children-cmd", help: """
            A command printing the children of {} (the id, quoted), one a line: \
            id<TAB>title<TAB>subtitle<TAB>body<TAB>count.
            """),
        .value("parent-cmd", help: "A command printing the parent id of {} (with --children-cmd)."),
        .value("root", help: "The id of the root item (with --children-cmd; without it the top level is what {} = '' gives)."),
        .value("table", help: "The table of a SQLite database (needed when it has several)."),
        .value("order-by", help: "The column that orders the children of a SQLite table (default: the id column)."),
        .value("timeout", help: "Seconds a command may run before its column shows a time-out (default 10)."),
    ]

    var source: String?
    var format: String?
    var id: String?
    var title: String?
    var subtitle: String?
    var body: String?
    var parent: String?
    var children: String?
    var separator = "/"
    var childrenCmd: String?
    var parentCmd: String?
    var root: String?
    var table: String?
    var orderBy: String?
    var timeout: Double = 10

    /// The options of a parsed command line, `source` being its source argument; checks they fit together.
    init(_ parsed: ParsedCommandLine, source: String?) throws(CommandLineError) {
        self.source = source
        format = parsed.value("format")
        id = parsed.value("id")
        title = parsed.value("title")
        subtitle = parsed.value("subtitle")
        body = parsed.value("body")
        parent = parsed.value("parent")
        children = parsed.value("children")
        separator = parsed.value("separator") ?? separator
        childrenCmd = parsed.value("children-cmd")
        parentCmd = parsed.value("parent-cmd")
        root = parsed.value("root")
        table = parsed.value("table")
        orderBy = parsed.value("order-by")
        timeout = try parsed.number("timeout") ?? timeout
        if let format, SourceFormat(rawValue: format) == nil {
            throw CommandLineError(
                "unsupported format '\(format)' (supported: json, tree, document, yaml, csv, tsv, sqlite, paths, fs, cmd)")
        }
        if childrenCmd == nil, parentCmd != nil || root != nil {
            throw CommandLineError("--parent-cmd and --root go with --children-cmd")
        }
        guard timeout > 0 else { throw CommandLineError("--timeout must be more than 0, not \(timeout)") }
        guard separator.utf8.count == 1 else { throw CommandLineError("--separator must be one byte, not '\(separator)'") }
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
