import ArborCommandLine
import ArborCore
import ArborSources

/// How picked or listed items are printed.
struct OutputOptions {
    /// The options, in the order the help lists them.
    static let options = options(adding: [])

    /// Each option, declared once: the help lists it and the command reads it by this.
    enum Spec {
        /// `--output`, with more fields it can name.
        static func output(adding fields: [String]) -> OptionSpec {
            let names = OutputField.allCases.map(\.rawValue) + fields
            return .value("output", help: "What to print for an item: \(names.joinedText(separator: ", ")) (default: path for path lists, "
                + (fields.contains("value") ? "value for JSON and YAML, " : "") + "id otherwise).")
                .choosing(names)
        }
        static let printZero = OptionSpec.flag("print0", help: "End each item with a NUL byte instead of a newline.")
        static let delimiter = OptionSpec.value("delimiter", help: "End each item with this text instead of a newline.")
    }

    /// The options, with more fields `--output` can name.
    static func options(adding fields: [String]) -> [OptionSpec] {
        [Spec.output(adding: fields), Spec.printZero, Spec.delimiter]
    }

    var output: String?
    var print0 = false
    var delimiter: String?

    /// The options of a parsed command line; an unknown field is an error.
    init(_ parsed: ParsedCommandLine, adding fields: [String] = []) throws(CommandLineError) {
        output = parsed.value(Spec.output(adding: fields))
        print0 = parsed.flag(Spec.printZero)
        delimiter = parsed.value(Spec.delimiter)
        if let output, OutputField(rawValue: output) == nil, !fields.contains(output) {
            let names = OutputField.allCases.map(\.rawValue) + fields
            throw CommandLineError("--output must be \(Array(names.dropLast()).joinedText(separator: ", ")) or \(names.last!), not '\(output)'")
        }
    }

    /// The bytes after each item.
    var terminator: [UInt8] {
        print0 ? [0] : Array((delimiter ?? "\n").utf8)
    }

    /// The field asked for, if one was.
    var field: OutputField? { output.flatMap(OutputField.init(rawValue:)) }

}
