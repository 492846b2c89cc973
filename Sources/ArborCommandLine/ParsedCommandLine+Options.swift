/// An option read by its specification, the one place its name is written: what the help, the completions and
/// the manual list is what the command reads.
extension ParsedCommandLine {
    /// The last value given to `option`.
    package func value(_ option: OptionSpec) -> String? {
        value(option.name)
    }

    /// Every value given to `option`, in order (a repeatable option).
    package func values(_ option: OptionSpec) -> [String] {
        values[option.name] ?? []
    }

    /// Whether the flag `option` is on: the last of its forms given, else its default.
    package func flag(_ option: OptionSpec) -> Bool {
        if case .invertibleFlag(let defaultOn) = option.kind { return flag(option.name, default: defaultOn) }
        return flag(option.name)
    }

    /// The last value of `option` read as a whole number.
    package func integer(_ option: OptionSpec) throws(CommandLineError) -> Int? {
        try integer(option.name)
    }

    /// The last value of `option` read as a number.
    package func number(_ option: OptionSpec) throws(CommandLineError) -> Double? {
        try number(option.name)
    }
}
