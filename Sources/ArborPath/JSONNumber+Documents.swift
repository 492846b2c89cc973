extension JSONNumber {
    /// A number as a document writes it: JSON's grammar, TOML's `inf` and `nan`, and YAML 1.2's core schema
    /// (`+3`, `.5`, `1.`, `012`, `0x1F`, `0o17`, `.inf`, `-.Inf`, `.NaN`); kept as written, written in JSON by
    /// its value (`31` for `0x1F`); nil for any other text.
    public init?(documentLiteral text: String) {
        if let number = JSONNumber(literal: text) {
            self = number
        } else if let special = Self.yamlSpecials[text], let number = JSONNumber(literal: special) {
            self.init(text, valued: number)
        } else if let json = Self.yamlDecimal(text), let number = JSONNumber(literal: json) {
            self.init(text, valued: number)
        } else {
            return nil
        }
    }

    /// YAML's infinities and NaN, in the three casings its core schema allows, by the literal TOML writes.
    private static let yamlSpecials: [String: String] = {
        var specials: [String: String] = [:]
        for (word, value) in [("inf", "inf"), ("Inf", "inf"), ("INF", "inf")] {
            specials["." + word] = value
            specials["+." + word] = value
            specials["-." + word] = "-" + value
        }
        for word in ["nan", "NaN", "NAN"] { specials["." + word] = "nan" }
        return specials
    }()

    /// The JSON literal of a finite YAML number JSON writes otherwise: `+3` as `3`, `012` as `12`, `.5` as
    /// `0.5`, `1.` as `1.0`, `0x1F` and `0o17` in decimal; nil when the text is none.
    private static func yamlDecimal(_ text: String) -> String? {
        var body = Substring(text)
        var sign = ""
        if let first = body.first, first == "+" || first == "-" {
            sign = first == "-" ? "-" : ""
            body = body.dropFirst()
        }
        guard body.first != "+" && body.first != "-" else { return nil }
        if body.hasPrefix("0x") || body.hasPrefix("0o") {
            // YAML 1.2 writes no sign before either; `UInt64` would take one after the prefix.
            let digits = body.dropFirst(2)
            guard body.count == text.count, digits.first != "+" && digits.first != "-",
                  let value = UInt64(digits, radix: body.hasPrefix("0x") ? 16 : 8) else { return nil }
            return String(value)
        }
        let exponentAt = body.firstIndex { $0 == "e" || $0 == "E" } ?? body.endIndex
        var mantissa = body[..<exponentAt]
        let isDigit: (Character) -> Bool = { $0.isASCII && $0.isNumber }
        guard mantissa.contains(where: isDigit) else { return nil }
        while mantissa.count > 1, mantissa.first == "0", mantissa.dropFirst().first.map(isDigit) == true { mantissa = mantissa.dropFirst() }
        var written = String(mantissa)
        if written.hasPrefix(".") { written = "0" + written }
        if written.hasSuffix(".") { written += "0" }
        return sign + written + body[exponentAt...]
    }
}
