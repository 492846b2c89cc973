/// What a character is drawn as where the locale has no UTF-8 (`LANG=C`): box drawing as `+-|`, the hierarchy
/// icons as `>`, marks as `*` and `x`, an ellipsis as `.`, anything else outside ASCII as `?` in each of its cells.
enum ASCIIGlyphs {
    /// The bytes for one character `width` cells wide.
    static func bytes(for code: UInt32, width: Int) -> [UInt8] {
        if code < 0x80 { return [UInt8(code)] }
        let glyph: UInt8
        switch code {
        case 0x2500, 0x2501, 0x254C, 0x2504: glyph = UInt8(ascii: "-")
        case 0x2502, 0x2503, 0x254E, 0x2506, 0x258E, 0x2590: glyph = UInt8(ascii: "|")
        case 0x258C: glyph = UInt8(ascii: ">")
        case 0x250C...0x254B, 0x256D...0x2570: glyph = UInt8(ascii: "+")
        case 0x25B6, 0x25B7, 0x25B8, 0x25B9, 0x25BA, 0x203A, 0x2192: glyph = UInt8(ascii: ">")
        case 0x25C0, 0x25C1, 0x2039, 0x2190: glyph = UInt8(ascii: "<")
        case 0x25CF, 0x25C9, 0x2022, 0x00B7, 0x2605: glyph = UInt8(ascii: "*")
        case 0x2713, 0x2714, 0x2717, 0x2718, 0x00D7: glyph = UInt8(ascii: "x")
        case 0x25CB, 0x25E6: glyph = UInt8(ascii: "o")
        case 0x2026: glyph = UInt8(ascii: ".")
        case 0x2212, 0x2013, 0x2014: glyph = UInt8(ascii: "-")
        case 0x21B5: glyph = UInt8(ascii: "~")
        default: glyph = UInt8(ascii: "?")
        }
        return [UInt8](repeating: glyph, count: max(1, width))
    }

    /// Whether the locale the program runs in writes UTF-8: the first of LC_ALL, LC_CTYPE and LANG that is set
    /// names it (`en_US.UTF-8`, `C.utf8`); none set is taken as UTF-8, as terminals today are.
    static func localeIsUTF8(_ variable: (String) -> String?) -> Bool {
        guard let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap(variable).first(where: { !$0.isEmpty }) else { return true }
        let name = locale.lowercased()
        return name.contains("utf-8") || name.contains("utf8")
    }
}
