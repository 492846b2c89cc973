/// The help text of a command: overview, usage, arguments and options, wrapped to 80 columns.
package enum CommandHelp {
    private static let width = 80
    private static let labelWidth = 26

    /// The usage line: `arbor NAME [<options>] ARGUMENTS`.
    package static func usage(_ spec: CommandLineSpec, program: String = "arbor") -> String {
        var words = [program]
        if !spec.name.isEmpty { words.append(spec.name) }
        words.append("[<options>]")
        for argument in spec.arguments {
            words.append(argument.isOptional ? "[<\(argument.name)>]" : "<\(argument.name)>")
        }
        return words.joined(separator: " ")
    }

    /// The whole help text, ending with a newline.
    package static func text(_ spec: CommandLineSpec, program: String = "arbor") -> String {
        var lines = wrapped(spec.abstract, first: "OVERVIEW: ", rest: "")
        for paragraph in spec.discussion.split(separator: "\n", omittingEmptySubsequences: false) {
            lines.append("")
            lines += wrapped(String(paragraph), first: "", rest: "")
        }
        lines += ["", "USAGE: " + usage(spec, program: program)]
        if !spec.arguments.isEmpty {
            lines += ["", "ARGUMENTS:"]
            for argument in spec.arguments { lines += entry("<\(argument.name)>", argument.help) }
        }
        lines += ["", "OPTIONS:"]
        for option in spec.options { lines += entry(label(option), help(option)) }
        lines += entry("-h, --help", "Show help information.")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func label(_ option: OptionSpec) -> String {
        switch option.kind {
        case .flag: return "--\(option.name)"
        case .invertibleFlag: return "--\(option.name)/--no-\(option.name)"
        case .value(let valueName): return "--\(option.name) <\(valueName)>"
        }
    }

    private static func help(_ option: OptionSpec) -> String {
        guard case .invertibleFlag(let on) = option.kind else { return option.help }
        return option.help + " (default: --\(on ? "" : "no-")\(option.name))"
    }

    /// One argument or option: its label, then its help beside it or, when the label is long, below it.
    private static func entry(_ label: String, _ help: String) -> [String] {
        let indent = String(repeating: " ", count: labelWidth)
        let head = "  " + label
        if head.count + 2 > labelWidth { return [head] + wrapped(help, first: indent, rest: indent) }
        return wrapped(help, first: head + String(repeating: " ", count: labelWidth - head.count), rest: indent)
    }

    /// `text` in lines of at most 80 columns, the first starting with `first` and the others with `rest`.
    static func wrapped(_ text: String, first: String, rest: String) -> [String] {
        var lines: [String] = []
        var line = first
        var lineHasWord = false
        for word in text.split(separator: " ") {
            if lineHasWord, line.count + 1 + word.count > width {
                lines.append(line)
                line = rest
                lineHasWord = false
            }
            line += (lineHasWord ? " " : "") + word
            lineHasWord = true
        }
        lines.append(line)
        return lines
    }
}
