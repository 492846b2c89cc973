import CNcurses

/// The attributes and colour pairs of each style, set up once per terminal (a fixed table, never grown).
struct CursesPalette {
    private var normal: [(attr_t, Int16)] = []
    private var highlighted: [(attr_t, Int16)] = []

    /// Builds the table, with colours when the terminal has them and `colors` allows.
    init(colors: Bool) {
        let useColor = colors && has_colors()
        if useColor {
            start_color()
            use_default_colors()
        }
        let highlightBackground: Int16 = arbor_colors() >= 256 ? 238 : Int16(COLOR_BLUE)
        for role in StyleRole.allCases {
            let (foreground, attributes) = Self.look(of: role)
            let pair = Int16(role.rawValue) + 1
            let highlightPair = pair + Int16(StyleRole.allCases.count)
            if useColor {
                init_pair(pair, foreground, -1)
                init_pair(highlightPair, foreground, highlightBackground)
                normal.append((attributes, pair))
                highlighted.append((attributes | arbor_a_bold(), highlightPair))
            } else {
                normal.append((attributes, 0))
                highlighted.append((attributes | arbor_a_reverse(), 0))
            }
        }
    }

    /// The attributes and pair for a style.
    func attributes(for style: CellStyle) -> (attr_t, Int16) {
        style.highlighted ? highlighted[Int(style.role.rawValue)] : normal[Int(style.role.rawValue)]
    }

    private static func look(of role: StyleRole) -> (Int16, attr_t) {
        switch role {
        case .plain, .helpKey, .prompt: return (-1, arbor_a_normal())
        case .match: return (Int16(COLOR_MAGENTA), arbor_a_bold() | arbor_a_underline())
        case .title, .columnTitle, .breadcrumb: return (-1, arbor_a_bold())
        case .subtitle: return (Int16(COLOR_CYAN), arbor_a_normal())
        case .body: return (-1, arbor_a_normal())
        case .tag: return (Int16(COLOR_GREEN), arbor_a_normal())
        case .status: return (Int16(COLOR_RED), arbor_a_bold())
        case .substatus: return (Int16(COLOR_YELLOW), arbor_a_normal())
        case .icon: return (Int16(COLOR_YELLOW), arbor_a_normal())
        case .selectedIcon: return (Int16(COLOR_YELLOW), arbor_a_bold() | arbor_a_reverse())
        case .focusBar: return (Int16(COLOR_YELLOW), arbor_a_bold())
        case .border, .separator, .dim, .guide: return (-1, arbor_a_dim())
        case .header, .footer: return (-1, arbor_a_reverse())
        case .error: return (Int16(COLOR_RED), arbor_a_bold())
        }
    }
}
