/// A JSON value as a query reads it: what filters compare, functions take and `--output value` prints.
public enum JSONPathValue: Sendable, Hashable {
    case null
    case boolean(Bool)
    /// A number, kept as written and compared exactly (``JSONNumber``).
    case number(JSONNumber)
    case string(String)
    case array([JSONPathValue])
    /// An object's members in their order; equality ignores the order.
    case object([(key: String, value: JSONPathValue)])

    /// The kind of node this value is.
    public var kind: PathNodeKind {
        switch self {
        case .null: return .null
        case .boolean: return .boolean
        case .number: return .number
        case .string: return .string
        case .array: return .array
        case .object: return .object
        }
    }

    public static func == (lhs: JSONPathValue, rhs: JSONPathValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.boolean(let a), .boolean(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            let keyed = Dictionary(b.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
            return a.allSatisfy { member in keyed[member.key] == member.value }
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .boolean(let value): hasher.combine(value)
        case .number(let value): hasher.combine(value)
        case .string(let value): hasher.combine(value)
        case .array(let values): hasher.combine(values)
        case .object(let members): hasher.combine(members.count)
        }
    }

    /// The value as one line of JSON, as `jq -c` prints it, each number as written (an infinity or NaN, which JSON
    /// has no number for, as `null`: ``containsNonFiniteNumber`` tells).
    public var compactJSON: String {
        var text = ""
        write(to: &text)
        return text
    }

    private func write(to text: inout String) {
        switch self {
        case .null: text += "null"
        case .boolean(let value): text += value ? "true" : "false"
        case .number(let value): text += value.jsonText
        case .string(let value): Self.writeQuoted(value, to: &text)
        case .array(let values):
            text += "["
            for (index, value) in values.enumerated() {
                if index > 0 { text += "," }
                value.write(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { text += "," }
                Self.writeQuoted(member.key, to: &text)
                text += ":"
                member.value.write(to: &text)
            }
            text += "}"
        }
    }

    /// A scalar as `\\u` and four lower-case hexadecimal digits, as JSON and normalized paths write controls.
    static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// Whether the character of scalar value `value` is written as itself between a string's quotes: all but
    /// the quote, the backslash, controls and DEL, which are escaped.
    @inline(__always)
    package static func isQuotedAsIs(_ value: UInt32) -> Bool {
        value >= 0x20 && value != 0x7F && value != 0x22 && value != 0x5C
    }

    /// A string quoted and escaped as JSON.
    static func writeQuoted(_ value: String, to text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            if isQuotedAsIs(scalar.value) {
                text.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{8}": text += "\\b"
            case "\u{C}": text += "\\f"
            default: text += unicodeEscape(scalar)
            }
        }
        text += "\""
    }

    /// Whether the value holds an infinity or NaN, which its JSON writes as `null`.
    public var containsNonFiniteNumber: Bool {
        switch self {
        case .number(let value): return !value.isFinite
        case .array(let values): return values.contains { $0.containsNonFiniteNumber }
        case .object(let members): return members.contains { $0.value.containsNonFiniteNumber }
        default: return false
        }
    }
}
