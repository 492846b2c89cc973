import ArborCommandLine
import ArborSources

/// How picked or listed items are printed.
struct OutputOptions {
    /// The options, in the order the help lists them.
    static let options: [OptionSpec] = [
        .value("output", help: "What to print for an item: id, path, title or json (default: path for path lists, id otherwise).")
            .choosing(OutputField.allCases.map(\.rawValue)),
        .flag("print0", help: "End each item with a NUL byte instead of a newline."),
        .value("delimiter", help: "End each item with this text instead of a newline."),
    ]

    var output: String?
    var print0 = false
    var delimiter: String?

    /// The options of a parsed command line; an unknown field is an error.
    init(_ parsed: ParsedCommandLine) throws(CommandLineError) {
        output = parsed.value("output")
        print0 = parsed.flag("print0")
        delimiter = parsed.value("delimiter")
        if let output, OutputField(rawValue: output) == nil {
            throw CommandLineError("--output must be id, path, title or json, not '\(output)'")
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
