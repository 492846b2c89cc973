import CNcurses

/// A frame encoder built from the current terminal's terminfo entry: its cursor addressing, attributes and
/// colours, with the theme's look for each style.
enum TerminfoEncoder {
    /// The encoder, or nil when the terminal cannot address the cursor.
    static func make(theme: Theme) -> FrameEncoder? {
        guard let cup = capability("cup") else { return nil }
        let colors = theme.usesColor ? max(0, Int(arbor_tigetnum("colors"))) : 0
        let reset = capability("sgr0") ?? ""
        let bold = capability("bold") ?? "", dim = capability("dim") ?? "", underline = capability("smul") ?? ""
        let reverse = capability("rev") ?? ""
        let foreground = capability("setaf"), background = capability("setab")
        let style = { @Sendable (style: CellStyle) -> [UInt8] in
            let look = theme.resolve(style, colors: colors)
            var text = reset
            if look.bold { text += bold }
            if look.dim { text += dim }
            if look.underline { text += underline }
            if look.reverse { text += reverse }
            if case .index(let value) = look.foreground, let foreground { text += expand(foreground, Int(value)) }
            if case .index(let value) = look.background, let background { text += expand(background, Int(value)) }
            return Array(text.utf8)
        }
        let cursor: CursorAddressing = cup == "\u{1B}[%i%p1%d;%p2%dH"
            ? .ansi
            : .expanded { row, column in Array(cup.withCString { String(cString: arbor_tiparm2($0, Int32(row), Int32(column))) }.utf8) }
        return FrameEncoder(style: style, cursor: cursor, clear: Array((capability("clear") ?? "").utf8),
                            reset: Array(reset.utf8),
                            skipsLastCell: arbor_tigetflag("am") != 0 && arbor_tigetflag("xenl") == 0)
    }

    private static func capability(_ name: String) -> String? {
        arbor_tigetstr(name).map { String(cString: $0) }
    }

    private static func expand(_ capability: String, _ value: Int) -> String {
        capability.withCString { String(cString: arbor_tiparm1($0, Int32(value))) }
    }
}
