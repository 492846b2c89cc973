import ArborPath

/// A YAML 1.2 number as JSON writes it.
enum YAMLNumber {
    /// The JSON text of a core-schema number: its literal as written where JSON writes it so, `+3` as `3`, `.5`
    /// as `0.5`, `1.` as `1.0`, `0x1F` and `0o17` in decimal. JSON has no number for `.inf` and `.nan`: they
    /// are written as a string of their text with its `.` escaped (`"-\u002eInf"`), which no other string of
    /// the JSON text written from YAML holds (a `.` is never escaped there), so that a reader of that text knows
    /// them for numbers (``isWritten(in:at:)``). Nil for text that is no number.
    static func json(_ text: String) -> String? {
        guard let number = JSONNumber(documentLiteral: text) else { return nil }
        if number.isFinite { return number.jsonText }
        guard let dot = text.firstIndex(of: ".") else { return nil }
        return "\"" + text[..<dot] + "\\u002e" + text[text.index(after: dot)...] + "\""
    }

    /// Whether the string at `quote` in JSON text written from YAML is an infinity or NaN written by ``json(_:)``.
    static func isWritten(in bytes: UnsafeBufferPointer<UInt8>, at quote: Int) -> Bool {
        var at = quote + 1
        guard at < bytes.count else { return false }
        if bytes[at] == UInt8(ascii: "-") || bytes[at] == UInt8(ascii: "+") { at += 1 }
        return at + 6 <= bytes.count && bytes[at] == UInt8(ascii: "\\") && bytes[at + 1] == UInt8(ascii: "u")
            && bytes[at + 2] == UInt8(ascii: "0") && bytes[at + 3] == UInt8(ascii: "0") && bytes[at + 4] == UInt8(ascii: "2")
            && bytes[at + 5] | 0x20 == UInt8(ascii: "e")
    }
}
