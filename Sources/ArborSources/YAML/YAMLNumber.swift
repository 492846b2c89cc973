import ArborPath

/// A YAML 1.2 number as JSON writes it.
enum YAMLNumber {
    /// The JSON literal of a core-schema number: as written where JSON writes it so, `+3` as `3`, `.5` as
    /// `0.5`, `1.` as `1.0`, `0x1F` and `0o17` in decimal; nil for `.inf` and `.nan`, which JSON has no number for.
    static func json(_ text: String) -> String? {
        if JSONNumber(literal: text)?.isFinite == true { return text }
        var body = Substring(text)
        var sign = ""
        if body.first == "+" || body.first == "-" {
            sign = body.first == "-" ? "-" : ""
            body = body.dropFirst()
        }
        if body.hasPrefix("0x") || body.hasPrefix("0o") {
            guard let value = UInt64(body.dropFirst(2), radix: body.hasPrefix("0x") ? 16 : 8) else { return nil }
            return value == 0 ? "0" : sign + String(value)
        }
        let exponentAt = body.firstIndex { $0 == "e" || $0 == "E" } ?? body.endIndex
        var mantissa = String(body[..<exponentAt])
        if mantissa.hasPrefix(".") { mantissa = "0" + mantissa }
        if mantissa.hasSuffix(".") { mantissa += "0" }
        let literal = sign + mantissa + body[exponentAt...]
        return JSONNumber(literal: literal)?.isFinite == true ? literal : nil
    }
}
