import CNcurses
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A frame encoder built from the current terminal's terminfo entry: its cursor addressing, attributes and
/// colours, with the theme's look for each style.
enum TerminfoEncoder {
    /// The encoder, or nil when the terminal cannot address the cursor.
    static func make(theme: Theme) -> FrameEncoder? {
        var encoder = encoder(theme: theme)
        encoder?.asciiOnly = !ASCIIGlyphs.localeIsUTF8 { getenv($0).map { String(cString: $0) } }
        return encoder
    }

    private static func encoder(theme: Theme) -> FrameEncoder? {
        guard let cup = Terminfo.string("cup") else { return nil }
        let colors = theme.usesColor ? max(0, Int(arbor_tigetnum("colors"))) : 0
        let reset = Terminfo.string("sgr0") ?? ""
        let bold = Terminfo.string("bold") ?? "", dim = Terminfo.string("dim") ?? "", underline = Terminfo.string("smul") ?? ""
        let reverse = Terminfo.string("rev") ?? ""
        let foreground = Terminfo.string("setaf"), background = Terminfo.string("setab")
        let look = { @Sendable (style: CellStyle) -> RoleLook in theme.resolve(style, colors: colors) }
        let cursor: CursorAddressing = cup == "\u{1B}[%i%p1%d;%p2%dH"
            ? .ansi
            : .expanded { row, column in Array(Terminfo.expand(cup, row, column).utf8) }
        let clear = Array((Terminfo.string("clear") ?? "").utf8)
        let skipsLastCell = arbor_tigetflag("am") != 0 && arbor_tigetflag("xenl") == 0
        let ansi = [bold, dim, underline, reverse] == ["\u{1B}[1m", "\u{1B}[2m", "\u{1B}[4m", "\u{1B}[7m"]
            && ["\u{1B}[m", "\u{1B}[0m", "\u{1B}(B\u{1B}[m", "\u{1B}[m\u{0F}"].contains(reset)
            && [(foreground, 30), (background, 40)].allSatisfy { capability, base in
                colors == 0 || capability.map { ansiColors($0, base: base, colors: colors) } == true
            }
        if ansi {
            let erasing: BlankErasing = Terminfo.string("ech") != "\u{1B}[%p1%dX" ? .never
                : arbor_tigetflag("bce") > 0 ? .onAnyBackground : .onDefaultBackground
            return FrameEncoder(look: look, cursor: cursor, clear: clear, reset: Array(reset.utf8), skipsLastCell: skipsLastCell,
                                erasing: erasing)
        }
        let style = { @Sendable (style: CellStyle) -> [UInt8] in
            let look = look(style)
            var text = reset
            if look.bold { text += bold }
            if look.dim { text += dim }
            if look.underline { text += underline }
            if look.reverse { text += reverse }
            if case .index(let value) = look.foreground, let foreground { text += Terminfo.expand(foreground, Int(value)) }
            if case .index(let value) = look.background, let background { text += Terminfo.expand(background, Int(value)) }
            return Array(text.utf8)
        }
        return FrameEncoder(style: style, cursor: cursor, clear: clear, reset: Array(reset.utf8), skipsLastCell: skipsLastCell)
    }

    /// Whether a colour capability sends the ANSI sequences for the colours the terminal has.
    private static func ansiColors(_ capability: String, base: Int, colors: Int) -> Bool {
        let probes = [(1, "\(base + 1)"), (9, "\(base + 61)"), (200, "\(base + 8);5;200")].filter { $0.0 < colors }
        return probes.allSatisfy { value, parameters in Terminfo.expand(capability, value) == "\u{1B}[\(parameters)m" }
    }
}
