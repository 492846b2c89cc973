extension Theme {
    /// The built-in themes by name.
    public static let builtIn: [String: Theme] = ["default": .standard, "light": .light, "mono": .mono]

    /// Colours for a dark terminal background.
    public static let standard = Theme(name: "default", looks: [
        .title: RoleLook(bold: true),
        .columnTitle: RoleLook(bold: true),
        .breadcrumb: RoleLook(bold: true),
        .subtitle: RoleLook(foreground: .index(6)),
        .icon: RoleLook(foreground: .index(3)),
        .selectedIcon: RoleLook(foreground: .index(3), bold: true, reverse: true),
        .focusBar: RoleLook(foreground: .index(3), bold: true),
        .border: RoleLook(dim: true),
        .separator: RoleLook(dim: true),
        .dim: RoleLook(dim: true),
        .guide: RoleLook(foreground: .index(244)),
        .header: RoleLook(reverse: true),
        .footer: RoleLook(reverse: true),
        .error: RoleLook(foreground: .index(1), bold: true),
        .match: RoleLook(foreground: .index(5), bold: true, underline: true),
        .tag: RoleLook(foreground: .index(2)),
        .status: RoleLook(foreground: .index(1), bold: true),
        .substatus: RoleLook(foreground: .index(3)),
        .string: RoleLook(foreground: .index(2)),
        .number: RoleLook(foreground: .index(6)),
        .literal: RoleLook(foreground: .index(5)),
        .added: RoleLook(foreground: .index(2), bold: true),
        .removed: RoleLook(foreground: .index(1), bold: true),
        .changed: RoleLook(foreground: .index(3), bold: true),
    ], highlight: RoleLook(background: .index(238), bold: true), usesColor: true)

    /// Colours for a light terminal background.
    public static let light = Theme(name: "light", looks: [
        .title: RoleLook(foreground: .index(16), bold: true),
        .columnTitle: RoleLook(foreground: .index(4), bold: true),
        .breadcrumb: RoleLook(foreground: .index(4), bold: true),
        .subtitle: RoleLook(foreground: .index(24)),
        .body: RoleLook(foreground: .index(238)),
        .icon: RoleLook(foreground: .index(130)),
        .selectedIcon: RoleLook(foreground: .index(130), bold: true, reverse: true),
        .focusBar: RoleLook(foreground: .index(4), bold: true),
        .border: RoleLook(foreground: .index(248)),
        .separator: RoleLook(foreground: .index(250)),
        .dim: RoleLook(foreground: .index(244)),
        .guide: RoleLook(foreground: .index(248)),
        .header: RoleLook(foreground: .index(255), background: .index(24)),
        .footer: RoleLook(foreground: .index(255), background: .index(24)),
        .error: RoleLook(foreground: .index(160), bold: true),
        .match: RoleLook(foreground: .index(125), bold: true, underline: true),
        .tag: RoleLook(foreground: .index(28)),
        .status: RoleLook(foreground: .index(160), bold: true),
        .substatus: RoleLook(foreground: .index(130)),
        .string: RoleLook(foreground: .index(28)),
        .number: RoleLook(foreground: .index(24)),
        .literal: RoleLook(foreground: .index(125)),
        .added: RoleLook(foreground: .index(28), bold: true),
        .removed: RoleLook(foreground: .index(160), bold: true),
        .changed: RoleLook(foreground: .index(130), bold: true),
    ], highlight: RoleLook(background: .index(153), bold: true), usesColor: true)

    /// No colour at all: bold, dim, underline and reverse video carry every distinction, the focus included.
    public static let mono = Theme(name: "mono", looks: [
        .title: RoleLook(bold: true),
        .columnTitle: RoleLook(bold: true),
        .breadcrumb: RoleLook(bold: true),
        .selectedIcon: RoleLook(bold: true, reverse: true),
        .focusBar: RoleLook(bold: true),
        .border: RoleLook(dim: true),
        .separator: RoleLook(dim: true),
        .dim: RoleLook(dim: true),
        .guide: RoleLook(dim: true),
        .header: RoleLook(reverse: true),
        .footer: RoleLook(reverse: true),
        .error: RoleLook(bold: true, underline: true),
        .match: RoleLook(bold: true, underline: true),
        .status: RoleLook(bold: true),
        .literal: RoleLook(underline: true),
        .added: RoleLook(bold: true),
        .removed: RoleLook(bold: true),
        .changed: RoleLook(bold: true),
    ], highlight: RoleLook(reverse: true), usesColor: false)
}
