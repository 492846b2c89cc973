/// The type a plain YAML scalar resolves to without a tag, by YAML 1.2's core schema: booleans `true` and
/// `false` (three casings), integers (decimal, `0o`, `0x`), floats (`1.5`, `1e3`, `.inf`, `.nan`) and null
/// (`~`, `null`, nothing). YAML 1.1's `yes`, `off`, base 60 and `_` in numbers are text, as 1.2 reads them.
enum YAMLScalarKind {
    /// The kind of a plain scalar's text.
    static func of(_ text: String) -> JSONDocument.Kind {
        var text = text
        return text.withUTF8 { of(bytes: $0) }
    }

    /// The kind of a plain scalar's UTF-8 text; most text is known by its first byte, without a lookup.
    static func of(bytes: UnsafeBufferPointer<UInt8>) -> JSONDocument.Kind {
        guard let first = bytes.first else { return .null }
        switch first {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            let array = Array(bytes)
            return isInteger(array) || isFloat(array) ? .number : .string
        case UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "n"), UInt8(ascii: "N"),
             UInt8(ascii: "~"):
            guard bytes.count <= 5 else { return .string }
            let text = String(decoding: bytes, as: UTF8.self)
            if booleans.contains(text) { return .bool }
            return nulls.contains(text) ? .null : .string
        default:
            return .string
        }
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

    private static let booleans: Set<String> = ["true", "True", "TRUE", "false", "False", "FALSE"]
    private static let nulls: Set<String> = ["~", "null", "Null", "NULL", ""]
    private static let specialFloats: Set<String> = [
        ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN",
    ]

    /// `[-+]?[0-9]+`, `0o[0-7]+` or `0x[0-9a-fA-F]+`.
    private static func isInteger(_ text: [UInt8]) -> Bool {
        if text.starts(with: Array("0o".utf8)) { return all(text.dropFirst(2), in: "01234567") }
        if text.starts(with: Array("0x".utf8)) { return all(text.dropFirst(2), in: "0123456789abcdefABCDEF") }
        let body = text.first == UInt8(ascii: "-") || text.first == UInt8(ascii: "+") ? text.dropFirst() : text[...]
        return !body.isEmpty && body.allSatisfy(isDigit)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, or an infinity or NaN.
    private static func isFloat(_ text: [UInt8]) -> Bool {
        if specialFloats.contains(String(decoding: text, as: UTF8.self)) { return true }
        var rest = text.first == UInt8(ascii: "-") || text.first == UInt8(ascii: "+") ? text.dropFirst() : text[...]
        let whole = rest.prefix(while: isDigit)
        rest = rest[whole.endIndex...]
        var fraction: ArraySlice<UInt8> = []
        if rest.first == UInt8(ascii: ".") {
            fraction = rest.dropFirst().prefix(while: isDigit)
            rest = rest[fraction.endIndex...]
            guard !whole.isEmpty || !fraction.isEmpty else { return false }
        } else if whole.isEmpty {
            return false
        }
        guard let mark = rest.first else { return true }
        guard mark == UInt8(ascii: "e") || mark == UInt8(ascii: "E") else { return false }
        var exponent = rest.dropFirst()
        if exponent.first == UInt8(ascii: "-") || exponent.first == UInt8(ascii: "+") { exponent = exponent.dropFirst() }
        return !exponent.isEmpty && exponent.allSatisfy(isDigit)
    }

    private static func all(_ text: ArraySlice<UInt8>, in allowed: String) -> Bool {
        !text.isEmpty && text.allSatisfy { allowed.utf8.contains($0) }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
