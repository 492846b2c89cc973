/// SGR sequences for ANSI terminals.
package enum ANSISequence {
    /// The sequence that resets attributes and selects a look's attributes and colours.
    package static func select(_ look: RoleLook) -> [UInt8] {
        var parameters = ["0"]
        if look.bold { parameters.append("1") }
        if look.dim { parameters.append("2") }
        if look.underline { parameters.append("4") }
        if look.reverse { parameters.append("7") }
        if case .index(let value) = look.foreground { parameters.append(color(Int(value), base: 30)) }
        if case .index(let value) = look.background { parameters.append(color(Int(value), base: 40)) }
        return Array("\u{1B}[\(parameters.joined(separator: ";"))m".utf8)
    }

    private static func color(_ value: Int, base: Int) -> String {
        if value < 8 { return String(base + value) }
        if value < 16 { return String(base + 60 + value - 8) }
        return "\(base + 8);5;\(value)"
    }
}
