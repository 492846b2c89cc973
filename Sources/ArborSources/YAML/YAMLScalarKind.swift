/// The type a plain YAML scalar resolves to without a tag: YAML 1.1's booleans (`yes`, `off`...), integers
/// (with `_`, `0b`, `0o`, `0x` and base 60), floats (`.inf`, `.nan`), and null (`~`, `null`, nothing).
enum YAMLScalarKind {
    /// The kind of a plain scalar's text.
    static func of(_ text: String) -> JSONDocument.Kind {
        let bytes = Array(text.utf8)
        if booleans.contains(text) { return .bool }
        if isInteger(bytes[...]) || isFloat(bytes) { return .number }
        return nulls.contains(text) ? .null : .string
    }

    /// The kind an explicit tag gives (`!!int`, `!!null`...); text for any other tag.
    static func of(tag: String) -> JSONDocument.Kind {
        switch tag {
        case "tag:yaml.org,2002:null": return .null
        case "tag:yaml.org,2002:bool": return .bool
        case "tag:yaml.org,2002:int", "tag:yaml.org,2002:float": return .number
        default: return .string
        }
    }

    private static let booleans: Set<String> = [
        "yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE", "false", "False", "FALSE", "on", "On", "ON", "off", "Off", "OFF",
    ]
    private static let nulls: Set<String> = ["~", "null", "Null", "NULL", ""]

    private static func isInteger(_ text: ArraySlice<UInt8>) -> Bool {
        let body = text.first == UInt8(ascii: "-") || text.first == UInt8(ascii: "+") ? text.dropFirst() : text
        guard let first = body.first else { return false }
        let rest = body.dropFirst()
        if first == UInt8(ascii: "0") {
            if rest.isEmpty { return true }
            let mark = rest.first!
            if mark == UInt8(ascii: "b") { return all(rest.dropFirst(), in: "01_") }
            if mark == UInt8(ascii: "x") { return all(rest.dropFirst(), in: "0123456789abcdefABCDEF_") }
            return all(mark == UInt8(ascii: "o") ? rest.dropFirst() : rest, in: "01234567_")
        }
        guard first >= UInt8(ascii: "1"), first <= UInt8(ascii: "9") else { return false }
        let digits = rest.prefix { isDigit($0) || $0 == UInt8(ascii: "_") }
        return digits.endIndex == rest.endIndex || isSexagesimal(rest[digits.endIndex...])
    }

    /// `(:[0-5]?[0-9])+`, the whole of `text`.
    private static func isSexagesimal(_ text: ArraySlice<UInt8>) -> Bool {
        var index = text.startIndex
        guard index < text.endIndex else { return false }
        while index < text.endIndex {
            guard text[index] == UInt8(ascii: ":") else { return false }
            let digits = text[(index + 1)...].prefix(2).prefix(while: isDigit)
            if digits.count == 2, digits.first! > UInt8(ascii: "5") { return false }
            guard !digits.isEmpty else { return false }
            index = digits.endIndex
        }
        return true
    }

    private static func isFloat(_ text: [UInt8]) -> Bool {
        let special = String(decoding: text, as: UTF8.self)
        if [".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN"].contains(special) { return true }
        var body = text[...]
        if body.first == UInt8(ascii: ".") {
            let digits = body.dropFirst().prefix { isDigit($0) || $0 == UInt8(ascii: "_") }
            guard !digits.isEmpty else { return false }
            return isExponent(body[digits.endIndex...], signRequired: true)
        }
        if body.first == UInt8(ascii: "-") || body.first == UInt8(ascii: "+") { body = body.dropFirst() }
        guard let first = body.first, isDigit(first) else { return false }
        let whole = body.prefix { isDigit($0) || $0 == UInt8(ascii: "_") }
        var rest = body[whole.endIndex...]
        if rest.first == UInt8(ascii: ":") {
            guard let dot = rest.firstIndex(of: UInt8(ascii: ".")), isSexagesimal(rest[..<dot]) else { return false }
            return all(rest[(dot + 1)...], in: "0123456789_")
        }
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            rest = rest[(rest.firstIndex { !isDigit($0) && $0 != UInt8(ascii: "_") } ?? rest.endIndex)...]
        }
        return isExponent(rest, signRequired: false)
    }

    /// Nothing, or `[eE]` and digits with a sign (required or optional).
    private static func isExponent(_ text: ArraySlice<UInt8>, signRequired: Bool) -> Bool {
        guard let mark = text.first else { return true }
        guard mark == UInt8(ascii: "e") || mark == UInt8(ascii: "E") else { return false }
        var digits = text.dropFirst()
        if digits.first == UInt8(ascii: "-") || digits.first == UInt8(ascii: "+") {
            digits = digits.dropFirst()
        } else if signRequired {
            return false
        }
        return !digits.isEmpty && digits.allSatisfy(isDigit)
    }

    private static func all(_ text: ArraySlice<UInt8>, in allowed: String) -> Bool {
        !text.isEmpty && text.allSatisfy { allowed.utf8.contains($0) }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
