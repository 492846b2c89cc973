/// Makes text from a source harmless to draw: control characters and direction overrides become visible marks.
package enum InertText {
    /// The grapheme as drawn: a line break as `↵`, other controls in caret notation (`^[`); C1 controls, bidi
    /// controls and bytes that were not UTF-8 (kept in ids as private-use scalars) as `�`.
    package static func visible(_ character: Character) -> String? {
        if character == "\n" || character == "\r\n" { return "↵" }
        guard let scalar = character.unicodeScalars.first else { return nil }
        let value = scalar.value
        if value < 0x20 { return "^" + String(Character(Unicode.Scalar(UInt8(value + 0x40)))) }
        if value == 0x7F { return "^?" }
        if (0x80..<0xA0).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            || value == 0x200E || value == 0x200F || value == 0x061C || LosslessText.isEscape(scalar)
        {
            return "\u{FFFD}"
        }
        return nil
    }

    /// A whole message made inert for a terminal (stderr): each control becomes its visible form; line ends stay.
    package static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == "\n" {
                result.append(character)
            } else {
                result += visible(character) ?? String(character)
            }
        }
        return result
    }
}
