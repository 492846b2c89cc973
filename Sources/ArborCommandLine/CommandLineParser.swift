/// A command line that does not fit its command, with the message to show.
package struct CommandLineError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, naming the argument.
    package var message: String

    /// Creates an error.
    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}

/// The words of a command line sorted out against a `CommandLineSpec`.
package struct ParsedCommandLine: Sendable, Equatable {
    /// The positional arguments given, in order.
    package var arguments: [String] = []
    /// Every value given to each option, in order.
    package var values: [String: [String]] = [:]
    /// The last state given to each flag.
    package var flags: [String: Bool] = [:]
    /// Whether `-h` or `--help` was among the options.
    package var wantsHelp = false

    /// The last value given to an option.
    package func value(_ name: String) -> String? {
        values[name]?.last
    }

    /// Whether a flag is on: the last of its forms given, else `fallback`.
    package func flag(_ name: String, default fallback: Bool = false) -> Bool {
        flags[name] ?? fallback
    }

    /// The last value of an option read as a whole number.
    package func integer(_ name: String) throws(CommandLineError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text) else { throw CommandLineError("--\(name) takes a whole number, not '\(text)'") }
        return number
    }

    /// The last value of an option read as a number.
    package func number(_ name: String) throws(CommandLineError) -> Double? {
        guard let text = value(name) else { return nil }
        guard let number = Double(text), number.isFinite else {
            throw CommandLineError("--\(name) takes a number, not '\(text)'")
        }
        return number
    }
}

/// Sorts command-line words into arguments, option values and flags, the way getopt_long users expect:
/// `--name VALUE`, `--name=VALUE`, `--flag`, `--no-flag`, `--` before arguments that start with a dash.
package enum CommandLineParser {
    /// The words `words` parsed against `spec`.
    package static func parse(_ words: [String], as spec: CommandLineSpec) throws(CommandLineError) -> ParsedCommandLine {
        var parsed = ParsedCommandLine()
        var index = 0
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || word == "-" || !word.hasPrefix("-") {
                guard parsed.arguments.count < spec.arguments.count else {
                    throw CommandLineError("Unexpected argument '\(word)'")
                }
                parsed.arguments.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            if word == "-h" || word == "--help" {
                parsed.wantsHelp = true
                continue
            }
            guard word.hasPrefix("--") else { throw CommandLineError("Unknown option '\(word)'") }
            let body = word.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let attached: String? = body.count > name.count ? String(body.dropFirst(name.count + 1)) : nil
            guard let (option, negated) = spec.option(named: name) else {
                let meant = NearestWord.to(name, among: spec.options.map(\.name)).map { "; did you mean '--\($0)'?" } ?? ""
                throw CommandLineError("Unknown option '--\(name)'" + meant)
            }
            switch option.kind {
            case .flag, .invertibleFlag:
                if attached != nil { throw CommandLineError("--\(name) takes no value") }
                parsed.flags[option.name] = !negated
            case .value(let valueName):
                if let attached {
                    parsed.values[name, default: []].append(attached)
                } else if index < words.count, !isOption(words[index], of: spec) {
                    parsed.values[name, default: []].append(words[index])
                    index += 1
                } else {
                    throw CommandLineError("Missing value for '--\(name) <\(valueName)>'")
                }
            }
        }
        if !parsed.wantsHelp, let missing = spec.arguments.dropFirst(parsed.arguments.count).first(where: { !$0.isOptional }) {
            throw CommandLineError("Missing expected argument '<\(missing.name)>'")
        }
        return parsed
    }

    /// Whether a word is one of the command's options (so not the value of the option before it).
    private static func isOption(_ word: String, of spec: CommandLineSpec) -> Bool {
        if word == "-h" || word == "--help" { return true }
        guard word.hasPrefix("--"), word.count > 2 else { return false }
        return spec.option(named: String(word.dropFirst(2).prefix { $0 != "=" })) != nil
    }
}
