import ArborCommandLine
import ArborCore
import ArborSources

/// The options that say what to open and how to read it, shared by every command.
struct SourceOptions {
    /// The positional argument naming the source.
    static let argument = ArgumentSpec(
        "source", help: "The hierarchy: a directory, a JSON, JSON Lines, YAML, XML, TOML, plist, INI, CSV or TSV file, or a path list ('-' or nothing: stdin).",
        optional: true)

    /// The formats' names, comma-separated.
    static var formatList: String { SourceKinds.formatNames.joinedText(separator: ", ") }

    /// Each option, declared once: the help lists it and the command reads it by this.
    enum Spec {
        static let format = OptionSpec.value("format", help: "The source format: \(formatList) (default: a directory is fs; "
            + "files: by extension, then by content; see docs/sources.md).").choosing(SourceKinds.formatNames)
        static let id = OptionSpec.value("id", help: "The field that holds an item's id.")
        static let title = OptionSpec.value("title", help: "The field for the title (default: title, name, label, id).")
        static let subtitle = OptionSpec.value("subtitle", help: "The field for the subtitle (default: subtitle, type, kind).")
        static let body = OptionSpec.value("body", help: "The field for the body (default: body, description, location).")
        static let parent = OptionSpec.value("parent", help: "The column that holds the parent's id in tables (default: parent, parent_id, parentId).")
        static let children = OptionSpec.value("children", help: "The field that holds the children (default: children).")
        static let separator = OptionSpec.value("separator", help: "The separator of path lists (one byte, default '/').")
        /// The options the kinds of source add, each once.
        static let kinds = SourceKinds.options.map { OptionSpec.value($0.name, help: $0.help) }
        static let timeout = OptionSpec.value("timeout", help: "Seconds a command or a query may run before its column shows a time-out (default 10).")
        static let into = OptionSpec.flag("into", help: "Open the files of a directory that Arbor reads (JSON, YAML, TOML, XML, CSV, SQLite...) "
            + "as what they hold (the browser does unless it picks).")
        static let noWatch = OptionSpec.flag("no-watch", help: "Do not watch the directories shown for changes made meanwhile.")
        static let maxInput = OptionSpec.value("max-input", help: "The most memory an input may take, e.g. 512M or 4G (default: half the machine's memory); "
            + "a stream or a command's output is read to two thirds of it, a larger file is refused.")
    }

    /// The options, in the order the help lists them.
    static let options: [OptionSpec] = [Spec.format, Spec.id, Spec.title, Spec.subtitle, Spec.body, Spec.parent, Spec.children, Spec.separator]
        + Spec.kinds + [Spec.timeout, Spec.into, Spec.noWatch, Spec.maxInput]

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
    /// Whether a directory's files that Arbor reads open as what they hold.
    var crossesInto = false
    var ceiling = InputCeiling.machineDefault

    /// The options of a parsed command line, `source` being its source argument; checks they fit together.
    init(_ parsed: ParsedCommandLine, source: String?) throws(CommandLineError) {
        self.source = source
        format = parsed.value(Spec.format)
        id = parsed.value(Spec.id)
        title = parsed.value(Spec.title)
        subtitle = parsed.value(Spec.subtitle)
        body = parsed.value(Spec.body)
        parent = parsed.value(Spec.parent)
        children = parsed.value(Spec.children)
        separator = parsed.value(Spec.separator) ?? separator
        for option in Spec.kinds {
            if let value = parsed.value(option) { settings[option.name] = value }
        }
        timeout = try parsed.number(Spec.timeout) ?? timeout
        watches = !parsed.flag(Spec.noWatch)
        crossesInto = parsed.flag(Spec.into)
        if let size = parsed.value(Spec.maxInput) {
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
        request.crossesInto = crossesInto
        request.ceiling = ceiling
        request.readsDocuments = readsDocuments
        return request
    }
}
