/// A section of the manual beyond the commands: a title, then paragraphs, each with a term or not.
package struct ManualSection: Sendable {
    /// The section's title (`KEYS`, `EXIT STATUS`).
    package var title: String
    /// Its paragraphs: a term (a key, a status, a variable) and its text, or text alone.
    package var entries: [(term: String?, text: String)]

    /// Creates a section.
    package init(_ title: String, _ entries: [(term: String?, text: String)]) {
        self.title = title
        self.entries = entries
    }
}

/// The manual page (`man` format, roff) written from the same specifications as `--help`.
package struct ManualPage: Sendable {
    /// The program's name.
    package var program: String
    /// The line after the name in NAME.
    package var summary: String
    /// The version and the date shown at the foot.
    package var version: String
    package var date: String
    /// The command run when the first word names no subcommand.
    package var main: CommandLineSpec
    /// The subcommands.
    package var subcommands: [CommandLineSpec]
    /// Sections after the commands.
    package var sections: [ManualSection]

    /// Creates the page.
    package init(program: String, summary: String, version: String, date: String, main: CommandLineSpec,
                subcommands: [CommandLineSpec], sections: [ManualSection]) {
        self.program = program
        self.summary = summary
        self.version = version
        self.date = date
        self.main = main
        self.subcommands = subcommands
        self.sections = sections
    }

    /// The page's roff source.
    package var roff: String {
        var lines = [".TH \(program.uppercased()) 1 \"\(date)\" \"\(program) \(version)\" \"User Commands\"",
                     ".SH NAME", "\(program) \\- \(Self.escaped(summary))", ".SH SYNOPSIS"]
        for spec in [main] + subcommands {
            lines += [".B \(program)" + (spec.name == main.name ? "" : " \(spec.name)"), synopsis(spec), ".br"]
        }
        lines.removeLast()
        lines += [".SH DESCRIPTION"] + paragraphs(main.abstract + "\n" + main.discussion)
        lines += [".SH OPTIONS"] + options(main)
        lines.append(".SH COMMANDS")
        for spec in subcommands {
            lines += [".SS \"\(program) \(spec.name)\""] + paragraphs(spec.abstract + "\n" + spec.discussion)
            for argument in spec.arguments {
                lines += [".TP", "\\fI\(argument.name.uppercased())\\fR", Self.escaped(argument.help)]
            }
            lines += options(spec)
        }
        for section in sections {
            lines.append(".SH \(section.title.uppercased())")
            for entry in section.entries {
                if let term = entry.term {
                    lines += [".TP", "\\fB\(Self.escaped(term))\\fR", Self.escaped(entry.text)]
                } else {
                    lines += paragraphs(entry.text)
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func synopsis(_ spec: CommandLineSpec) -> String {
        let arguments = spec.arguments.map { $0.isOptional || $0.name == "source" ? "[\\fI\($0.name.uppercased())\\fR]" : "\\fI\($0.name.uppercased())\\fR" }
        return (["[\\fIOPTIONS\\fR]"] + arguments).joined(separator: " ")
    }

    private func options(_ spec: CommandLineSpec) -> [String] {
        spec.options.flatMap { option -> [String] in
            var term = "\\fB\\-\\-\(option.name)\\fR"
            if let value = option.valueName { term += " \\fI\(value)\\fR" }
            if option.isInvertible { term += ", \\fB\\-\\-no\\-\(option.name)\\fR" }
            var text = Self.escaped(option.help)
            if !option.choices.isEmpty, !option.choices.allSatisfy(option.help.contains) { text += " One of: " + Self.escaped(option.choices.joined(separator: ", ")) + "." }
            return [".TP", term, text]
        }
    }

    private func paragraphs(_ text: String) -> [String] {
        text.split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }.flatMap { [".PP", Self.escaped(String($0))] }
    }

    /// Text safe in a roff line: backslashes written as `\e`, hyphens as `\-`, characters beyond ASCII by
    /// their code (`\[u2191]`), a leading dot or quote guarded.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case _ where scalar.value > 0x7E || scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: out.unicodeScalars.append(scalar)
            }
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }
}
