/// What a command accepts: its positional arguments and its options, with the texts of its help.
package struct CommandLineSpec: Sendable {
    /// The command's name as typed after `arbor` (empty for the program itself).
    package var name: String
    /// One line saying what the command does.
    package var abstract: String
    /// Paragraphs shown after the abstract in the help.
    package var discussion: String
    /// The positional arguments, in order.
    package var arguments: [ArgumentSpec]
    /// The options, in the order the help lists them.
    package var options: [OptionSpec]

    /// Creates a command.
    package init(name: String, abstract: String, discussion: String = "", arguments: [ArgumentSpec] = [],
                options: [OptionSpec]) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
    }

    /// The option named `name` (without dashes), or the invertible flag `name` negates (`no-NAME`).
    func option(named name: String) -> (spec: OptionSpec, negated: Bool)? {
        if let spec = options.first(where: { $0.name == name }) { return (spec, false) }
        if name.hasPrefix("no-"), let spec = options.first(where: { $0.name == name.dropFirst(3) && $0.isInvertible }) {
            return (spec, true)
        }
        return nil
    }
}

/// A positional argument.
package struct ArgumentSpec: Sendable {
    /// The name the help shows between angle brackets.
    package var name: String
    /// What it is.
    package var help: String
    /// Whether it may be left out.
    package var isOptional: Bool

    /// Creates an argument.
    package init(_ name: String, help: String, optional: Bool = false) {
        self.name = name
        self.help = help
        self.isOptional = optional
    }
}

/// A long option: a flag, a flag with a `--no-` form, or an option that takes a value.
package struct OptionSpec: Sendable {
    /// How the option is written.
    package enum Kind: Sendable, Equatable {
        /// `--name`: on when given.
        case flag
        /// `--name` or `--no-name`, the last one given winning; `defaultOn` says which holds when neither is given.
        case invertibleFlag(defaultOn: Bool)
        /// `--name VALUE` or `--name=VALUE`.
        case value(valueName: String)
    }

    /// The long name without the dashes.
    package var name: String
    /// How it is written.
    package var kind: Kind
    /// What it does.
    package var help: String
    /// The values it takes, when they are a fixed few (completions offer them); empty for any value.
    package var choices: [String] = []

    /// Creates an option.
    package init(_ name: String, _ kind: Kind, help: String) {
        self.name = name
        self.kind = kind
        self.help = help
    }

    /// The option taking one of `values`.
    package func choosing(_ values: [String]) -> OptionSpec {
        var option = self
        option.choices = values
        return option
    }

    /// The value's name in help and the manual (`FORMAT` for `--format`), nil for a flag.
    package var valueName: String? {
        if case .value(let name) = kind { return name.uppercased() }
        return nil
    }

    /// Whether `--no-NAME` turns it off.
    package var isInvertible: Bool {
        if case .invertibleFlag = kind { return true }
        return false
    }

    /// An option that takes a value, the value named after the option in the help.
    package static func value(_ name: String, help: String) -> OptionSpec {
        OptionSpec(name, .value(valueName: name), help: help)
    }

    /// A flag.
    package static func flag(_ name: String, help: String) -> OptionSpec {
        OptionSpec(name, .flag, help: help)
    }
}
