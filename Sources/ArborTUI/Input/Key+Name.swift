extension Key {
    /// Named keys of configuration files, in the form they are written there.
    public static let namedKeys: [(String, Key)] = [
        ("up", .up), ("down", .down), ("left", .left), ("right", .right),
        ("pgup", .pageUp), ("pgdn", .pageDown), ("shift-up", .shiftUp), ("shift-down", .shiftDown),
        ("shift-pgup", .shiftPageUp), ("shift-pgdn", .shiftPageDown), ("home", .home), ("end", .end), ("delete", .delete),
        ("enter", .enter), ("esc", .escape), ("tab", .tab), ("s-tab", .backTab), ("backspace", .backspace),
        ("space", .character(" ")),
    ]

    /// Parses a configuration name: `j`, `G`, `space`, `enter`, `esc`, `pgdn`, `ctrl-n`...
    public init?(name: String) {
        if let named = Self.namedKeys.first(where: { $0.0 == name.lowercased() }) {
            self = named.1
        } else if name.lowercased().hasPrefix("ctrl-"), name.count == 6, let letter = name.last, letter.isLetter {
            self = .control(Character(letter.lowercased()))
        } else if name.count == 1, let character = name.first, !character.isWhitespace,
                  character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) {
            self = .character(character)
        } else {
            return nil
        }
    }

    /// The name a configuration file uses for the key.
    public var configName: String {
        if let named = Self.namedKeys.first(where: { $0.1 == self }) { return named.0 }
        switch self {
        case .control(let letter): return "ctrl-" + String(letter)
        case .character(let character): return String(character)
        default: return label
        }
    }
}
