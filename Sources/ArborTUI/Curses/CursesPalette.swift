import CNcurses

/// The attributes and colour pairs of each style under a theme, set up once per terminal (a fixed table).
struct CursesPalette {
    private var normal: [(attr_t, Int16)] = []
    private var highlighted: [(attr_t, Int16)] = []

    /// Builds the table for the terminal's colours; a theme without colour, or a terminal without, uses none.
    init(theme: Theme) {
        let colors = theme.usesColor && has_colors() ? Int(arbor_colors()) : 0
        if colors >= 8 {
            start_color()
            use_default_colors()
        }
        var pair: Int16 = 1
        for highlight in [false, true] {
            for role in StyleRole.allCases {
                let look = theme.resolve(CellStyle(role, highlighted: highlight), colors: colors)
                var entry = (Self.attributes(of: look), Int16(0))
                if colors >= 8, look.foreground != .terminalDefault || look.background != .terminalDefault,
                   Int32(pair) < arbor_color_pairs() {
                    init_pair(pair, look.foreground.cursesNumber, look.background.cursesNumber)
                    entry.1 = pair
                    pair += 1
                }
                if highlight { highlighted.append(entry) } else { normal.append(entry) }
            }
        }
    }

    /// The attributes and pair for a style.
    func attributes(for style: CellStyle) -> (attr_t, Int16) {
        style.highlighted ? highlighted[Int(style.role.rawValue)] : normal[Int(style.role.rawValue)]
    }

    private static func attributes(of look: RoleLook) -> attr_t {
        var attributes = arbor_a_normal()
        if look.bold { attributes |= arbor_a_bold() }
        if look.dim { attributes |= arbor_a_dim() }
        if look.underline { attributes |= arbor_a_underline() }
        if look.reverse { attributes |= arbor_a_reverse() }
        return attributes
    }
}
