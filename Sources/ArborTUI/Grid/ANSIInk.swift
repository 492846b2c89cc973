/// Colours and attributes a command printed with SGR sequences, packed in 32 bits: foreground and background
/// (0 the terminal's own, else a palette index + 1), bold, faint, italic-as-underline, underline and reverse.
package struct ANSIInk: Sendable, Hashable {
    /// The foreground, nil for the terminal's own.
    package var foreground: UInt8?
    /// The background, nil for the terminal's own.
    package var background: UInt8?
    /// Bold.
    package var bold = false
    /// Faint.
    package var dim = false
    /// Underlined.
    package var underline = false
    /// Reversed.
    package var reverse = false

    /// No colour, no attribute.
    package init() {}

    /// Whether it changes nothing from the terminal's plain text.
    package var isPlain: Bool { self == ANSIInk() }

    /// The ink in 32 bits; never 0, which means no ink.
    package var packed: UInt32 {
        var value: UInt32 = 1 << 31
        value |= foreground.map { UInt32($0) + 1 } ?? 0
        value |= (background.map { UInt32($0) + 1 } ?? 0) << 9
        if bold { value |= 1 << 18 }
        if dim { value |= 1 << 19 }
        if underline { value |= 1 << 20 }
        if reverse { value |= 1 << 21 }
        return value
    }

    /// The ink a packed value holds.
    package init(packed value: UInt32) {
        let front = value & 0x1FF, back = (value >> 9) & 0x1FF
        foreground = front == 0 ? nil : UInt8(front - 1)
        background = back == 0 ? nil : UInt8(back - 1)
        bold = value & (1 << 18) != 0
        dim = value & (1 << 19) != 0
        underline = value & (1 << 20) != 0
        reverse = value & (1 << 21) != 0
    }

    /// How it is drawn.
    package var look: RoleLook {
        RoleLook(foreground: foreground.map(ThemeColor.index) ?? .terminalDefault,
                 background: background.map(ThemeColor.index) ?? .terminalDefault,
                 bold: bold, dim: dim, underline: underline, reverse: reverse)
    }
}
