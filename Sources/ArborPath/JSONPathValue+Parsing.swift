extension JSONPathValue {
    /// Parses JSON text (RFC 8259) into a value; throws the position of the first error.
    public init(parsing text: String) throws(JSONPathError) {
        var reader = JSONValueReader(Array(text.utf8))
        reader.skipSpace()
        self = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.atEnd else { throw reader.error("unexpected text after the value") }
    }
}

/// Reads one JSON value from UTF-8 bytes.
struct JSONValueReader {
    private let bytes: [UInt8]
    private var offset = 0
    /// Containers nested to ``JSONPath/depthLimit`` with a scalar in the deepest.
    private static let depthLimit = JSONPath.depthLimit + 1

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { offset >= bytes.count }

    func error(_ message: String) -> JSONPathError { JSONPathError(message, offset: offset, in: bytes) }

    mutating func skipSpace() {
        while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
    }

    mutating func value(depth: Int) throws(JSONPathError) -> JSONPathValue {
        guard depth < Self.depthLimit else { throw error("values nested more than \(Self.depthLimit) deep") }
        guard offset < bytes.count else { throw error("a value was expected") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try word("true"); return .boolean(true)
        case UInt8(ascii: "f"): try word("false"); return .boolean(false)
        case UInt8(ascii: "n"): try word("null"); return .null
        default: return .number(try number())
        }
    }

    private mutating func word(_ text: String) throws(JSONPathError) {
        let expected = Array(text.utf8)
        guard bytes.count - offset >= expected.count, Array(bytes[offset..<(offset + expected.count)]) == expected else {
            throw error("a value was expected")
        }
        offset += expected.count
    }

    private mutating func object(depth: Int) throws(JSONPathError) -> JSONPathValue {
        offset += 1
        var members: [(key: String, value: JSONPathValue)] = []
        skipSpace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") { offset += 1; return .object(members) }
        while true {
            skipSpace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw error("a member name was expected") }
            let key = try string()
            skipSpace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw error("':' was expected") }
            offset += 1
            skipSpace()
            members.append((key, try value(depth: depth + 1)))
            skipSpace()
            guard offset < bytes.count else { throw error("'}' was expected") }
            if bytes[offset] == UInt8(ascii: "}") { offset += 1; return .object(members) }
            guard bytes[offset] == UInt8(ascii: ",") else { throw error("',' or '}' was expected") }
            offset += 1
        }
    }

    private mutating func array(depth: Int) throws(JSONPathError) -> JSONPathValue {
        offset += 1
        var values: [JSONPathValue] = []
        skipSpace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") { offset += 1; return .array(values) }
        while true {
            skipSpace()
            values.append(try value(depth: depth + 1))
            skipSpace()
            guard offset < bytes.count else { throw error("']' was expected") }
            if bytes[offset] == UInt8(ascii: "]") { offset += 1; return .array(values) }
            guard bytes[offset] == UInt8(ascii: ",") else { throw error("',' or ']' was expected") }
            offset += 1
        }
    }

    private mutating func number() throws(JSONPathError) -> JSONNumber {
        let start = offset
        func digits() -> Int {
            let first = offset
            while offset < bytes.count, (0x30...0x39).contains(bytes[offset]) { offset += 1 }
            return offset - first
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        let leading = offset
        guard digits() > 0 else { throw error("a value was expected") }
        if bytes[leading] == UInt8(ascii: "0"), offset - leading > 1 { throw error("a number may not start with 0") }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard digits() > 0 else { throw error("digits were expected after '.'") }
        }
        if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard digits() > 0 else { throw error("digits were expected in the exponent") }
        }
        // The grammar was checked above: the literal is a JSON number.
        return JSONNumber(literal: String(decoding: bytes[start..<offset], as: UTF8.self))!
    }

    /// A quoted string at the offset, its escapes decoded.
    mutating func string() throws(JSONPathError) -> String {
        offset += 1
        var scalars = String.UnicodeScalarView()
        var run = offset
        func flush(to end: Int) { scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars) }
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                flush(to: offset)
                offset += 1
                return String(scalars)
            }
            guard byte >= 0x20 else { throw error("a control character in a string") }
            guard byte == UInt8(ascii: "\\") else { offset += 1; continue }
            flush(to: offset)
            offset += 1
            guard offset < bytes.count else { break }
            let escape = bytes[offset]
            offset += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(Unicode.Scalar(escape))
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"): scalars.append(try unicodeEscape())
            default: throw error("an unknown escape in a string")
            }
            run = offset
        }
        throw error("a string is not closed")
    }

    private mutating func hex4() throws(JSONPathError) -> UInt32 {
        guard bytes.count - offset >= 4, let value = UInt32(String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self), radix: 16) else {
            throw error("four hexadecimal digits were expected")
        }
        offset += 4
        return value
    }

    private mutating func unicodeEscape() throws(JSONPathError) -> Unicode.Scalar {
        let high = try hex4()
        if (0xD800..<0xDC00).contains(high), bytes.count - offset >= 2, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") {
            offset += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw error("a lone surrogate") }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
        }
        guard let scalar = Unicode.Scalar(high) else { throw error("a lone surrogate") }
        return scalar
    }
}
