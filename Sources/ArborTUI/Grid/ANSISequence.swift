/// SGR sequences for ANSI terminals.
package enum ANSISequence {
    /// The sequence that resets attributes and selects a look's attributes and colours.
    package static func select(_ look: RoleLook) -> [UInt8] {
        var out: [UInt8] = []
        appendChange(from: RoleLook(), to: look, into: &out)
        guard !out.isEmpty else { return Array("\u{1B}[0m".utf8) }
        out.insert(contentsOf: [0x30, 0x3B], at: 2)
        return out
    }

    /// Appends the sequence that turns a terminal drawing `current` to drawing `next` by changing only what
    /// differs (normal intensity, underline or reverse off, the default colours); nothing when they look the same.
    package static func appendChange(from current: RoleLook, to next: RoleLook, into out: inout [UInt8]) {
        guard current != next else { return }
        let start = out.count
        out.append(0x1B)
        out.append(0x5B)
        func parameter(_ value: Int) {
            if out.count > start + 2 { out.append(0x3B) }
            UTF8Bytes.appendDecimal(value, to: &out)
        }
        if (current.bold && !next.bold) || (current.dim && !next.dim) {
            parameter(22)
            if next.bold { parameter(1) }
            if next.dim { parameter(2) }
        } else {
            if next.bold && !current.bold { parameter(1) }
            if next.dim && !current.dim { parameter(2) }
        }
        if current.underline != next.underline { parameter(next.underline ? 4 : 24) }
        if current.reverse != next.reverse { parameter(next.reverse ? 7 : 27) }
        func colour(_ was: ThemeColor, _ now: ThemeColor, base: Int) {
            guard was != now else { return }
            guard case .index(let value) = now else { return parameter(base + 9) }
            if value < 8 {
                parameter(base + Int(value))
            } else if value < 16 {
                parameter(base + 60 + Int(value) - 8)
            } else {
                parameter(base + 8)
                parameter(5)
                parameter(Int(value))
            }
        }
        colour(current.foreground, next.foreground, base: 30)
        colour(current.background, next.background, base: 40)
        out.append(0x6D)
    }
}
