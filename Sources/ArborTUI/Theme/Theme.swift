/// How one role is drawn: colours and attributes.
public struct RoleLook: Sendable, Hashable {
    /// The text colour.
    public var foreground = ThemeColor.terminalDefault
    /// The background colour.
    public var background = ThemeColor.terminalDefault
    /// Bold text.
    public var bold = false
    /// Faint text.
    public var dim = false
    /// Underlined text.
    public var underline = false
    /// Swapped foreground and background.
    public var reverse = false

    /// Creates a look.
    public init(foreground: ThemeColor = .terminalDefault, background: ThemeColor = .terminalDefault,
                bold: Bool = false, dim: Bool = false, underline: Bool = false, reverse: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.reverse = reverse
    }
}

/// Styles by role: what each kind of text looks like, and how the focused item's highlight changes it.
public struct Theme: Sendable, Hashable {
    /// The theme's name, for messages.
    public var name: String
    /// The look of each role.
    public var looks: [StyleRole: RoleLook]
    /// The look laid over the focused item: its background, and attributes added.
    public var highlight: RoleLook
    /// Whether the theme uses colour at all.
    public var usesColor: Bool

    /// The look of a role, plain when the theme does not set it.
    public func look(of role: StyleRole) -> RoleLook { looks[role] ?? RoleLook() }

    /// The look of a grid cell's style, the highlight applied, for a terminal with `colors` colours (0: none).
    package func resolve(_ style: CellStyle, colors: Int) -> RoleLook {
        var look = style.ink != 0 ? ANSIInk(packed: style.ink).look : look(of: style.role)
        if style.highlighted {
            if highlight.background != .terminalDefault { look.background = highlight.background }
            if highlight.foreground != .terminalDefault { look.foreground = highlight.foreground }
            look.bold = look.bold || highlight.bold
            look.underline = look.underline || highlight.underline
            look.reverse = look.reverse != highlight.reverse
        }
        guard usesColor, colors >= 8 else {
            look.foreground = .terminalDefault
            look.background = .terminalDefault
            if style.highlighted, highlight.background != .terminalDefault, !highlight.reverse { look.reverse.toggle() }
            return look
        }
        look.foreground = look.foreground.fitted(to: colors)
        look.background = look.background.fitted(to: colors)
        return look
    }

    /// The theme without colour: attributes only, the focus in reverse video.
    public func withoutColor() -> Theme {
        var copy = self
        copy.usesColor = false
        return copy
    }
}
