import ArborCommandLine
import ArborCore
import ArborSources

/// The options that say what to open and how to read it, shared by every command.
struct SourceOptions {
    /// The positional argument naming the source.
    static let argument = ArgumentSpec(
        "source", help: "The hierarchy: a directory, a JSON, JSON Lines, YAML, XML, TOML, plist, INI, CSV or TSV file, or a path list ('-' or nothing: stdin).",
        optional: true)

    /// The options, in the order the help lists them.
    /// The formats' names, comma-separated.
    static var formatList: String { SourceKinds.formatNames.joinedText(separator: ", ") }

    static let options: [OptionSpec] = [
        .value("format", help: "The source format: \(formatList) (default: a directory is fs; "
            + "files: by extension, then by content; see docs/sources.md).").choosing(SourceKinds.formatNames),
        .value("id", help: "The field that holds an item's id."),
        .value("title", help: "The field for the title (default: title, name, label, id)."),
        .value("subtitle", help: "The field for the subtitle (default: subtitle, type, kind)."),
        .value("body", help: "The field for the body (default: body, description, location)."),
        .value("parent", help: "The column that holds the parent's id in tables (default: parent, parent_id, parentId)."),
        .value("children", help: "The field that holds the children (default: children)."),
        .value("separator", help: "The separator of path lists (one byte, default '/')."),
    ] + SourceKinds.options.map { OptionSpec.value($0.name, help: $0.help) } + [
        .value("timeout", help: "Seconds a command or a query may run before its column shows a time-out (default 10)."),
        .flag("no-watch", help: "Do not watch the directories shown for changes made meanwhile."),
        .value("max-input", help: "The most memory an input may take, e.g. 512M or 4G (default: half the machine's memory); "
            + "a stream or a command's output is read to two thirds of it, a larger file is refused."),
    ]

    var source: String?
    var format: String?
    /// Whether JSON and YAML are read as documents even where they look like object trees (a JSONPath query).
    var readsDocuments = false
    var id: String?
    var title: String?
    var subtitle: String?
    var body: String?
    var parent: String?
    var children: String?
    var separator = "/"
    /// The values of the kinds' own options, by name.
    var settings: [String: String] = [:]
    var timeout: Double = 10
    var watches = true
    var ceiling = InputCeiling.machineDefault

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
        for option in SourceKinds.options {
            if let value = parsed.value(option.name) { settings[option.name] = value }
        }
        timeout = try parsed.number("timeout") ?? timeout
        watches = !parsed.flag("no-watch")
        if let size = parsed.value("max-input") {
            guard let bytes = ByteSize.parse(size) else {
                throw CommandLineError("--max-input takes a size such as 512M or 4G, not '\(size)'")
            }
            ceiling = InputCeiling(bytes: bytes)
        }
        if let format, SourceFormat(rawValue: format) == nil {
            throw CommandLineError(
                "unsupported format '\(format)' (supported: \(Self.formatList))")
        }
        let request = request
        for kind in SourceKinds.all {
            if let problem = kind.check(request) { throw CommandLineError(problem) }
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
        request.settings = settings
        request.timeout = timeout
        request.watches = watches
        request.ceiling = ceiling
        request.readsDocuments = readsDocuments
        return request
    }
}
