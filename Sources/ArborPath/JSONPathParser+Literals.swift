extension JSONPathParser {
    /// A string literal in single or double quotes, its escapes decoded (RFC 9535 §2.3.1.1).
    mutating func stringLiteral() throws(JSONPathError) -> String {
        let quote = peek!
        position += 1
        var text = String.UnicodeScalarView()
        while let scalar = peek {
            if scalar == quote {
                position += 1
                return Self.compact(String(text))
            }
            guard scalar.value >= 0x20 else { throw error("a control character must be escaped in a string") }
            position += 1
            guard scalar == "\\" else {
                text.append(scalar)
                continue
            }
            guard let escape = peek else { break }
            position += 1
            switch escape {
            case "b": text.append("\u{8}")
            case "f": text.append("\u{C}")
            case "n": text.append("\n")
            case "r": text.append("\r")
            case "t": text.append("\t")
            case "/", "\\": text.append(escape)
            case "'" where quote == "'", "\"" where quote == "\"": text.append(escape)
            case "u": text.append(try unicodeEscape())
            default:
                position -= 1
                throw error("'\\\(Self.shown(escape))' is not an escape")
            }
        }
        throw error("the string is not closed")
    }

    private mutating func hexQuad() throws(JSONPathError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let scalar = peek, let digit = Self.hexValue(scalar) else { throw error("four hexadecimal digits were expected") }
            value = value * 16 + digit
            position += 1
        }
        return value
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": return scalar.value - 0x30
        case "a"..."f": return scalar.value - 0x61 + 10
        case "A"..."F": return scalar.value - 0x41 + 10
        default: return nil
        }
    }

    private mutating func unicodeEscape() throws(JSONPathError) -> Unicode.Scalar {
        let start = position
        let first = try hexQuad()
        switch first {
        case 0xD800..<0xDC00:
            guard peek == "\\", peek(1) == "u" else { throw JSONPathError("a high surrogate must be followed by a low one", offset: start) }
            position += 2
            let second = try hexQuad()
            guard (0xDC00..<0xE000).contains(second) else { throw JSONPathError("a high surrogate must be followed by a low one", offset: start) }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
        case 0xDC00..<0xE000: throw JSONPathError("a low surrogate alone", offset: start)
        default: return Unicode.Scalar(first)!
        }
    }

    /// A number literal of a filter: an integer or `-0`, a fraction and an exponent.
    mutating func numberLiteral() throws(JSONPathError) -> JSONNumber {
        let start = position
        if peek == "-" { position += 1 }
        guard let first = peek, ("0"..."9").contains(first) else { throw error("a digit was expected") }
        position += 1
        if first == "0", let next = peek, ("0"..."9").contains(next) { throw error("a number may not start with 0") }
        skipDigits()
        if peek == "." {
            position += 1
            guard let digit = peek, ("0"..."9").contains(digit) else { throw error("digits were expected after '.'") }
            skipDigits()
        }
        if peek == "e" || peek == "E" {
            position += 1
            if peek == "+" || peek == "-" { position += 1 }
            guard let digit = peek, ("0"..."9").contains(digit) else { throw error("digits were expected in the exponent") }
            skipDigits()
        }
        return JSONNumber(literal: String(String.UnicodeScalarView(scalars[start..<position])))!
    }

    private mutating func skipDigits() {
        while let next = peek, ("0"..."9").contains(next) { position += 1 }
    }

    /// A lower-case word: a function's name, or `true`, `false`, `null`.
    mutating func word() -> String {
        let start = position
        while let next = peek, ("a"..."z").contains(next) || ("0"..."9").contains(next) || next == "_" {
            if position == start, !("a"..."z").contains(next) { break }
            position += 1
        }
        return String(String.UnicodeScalarView(scalars[start..<position]))
    }

    /// Whether a literal starts here: a quote, a digit or minus, or `true`, `false`, `null` not called.
    mutating func atLiteral() -> Bool {
        guard let next = peek else { return false }
        if next == "'" || next == "\"" || next == "-" || ("0"..."9").contains(next) { return true }
        let start = position
        defer { position = start }
        return ["true", "false", "null"].contains(word()) && peek != "("
    }

    /// The literal at the position.
    mutating func literal() throws(JSONPathError) -> JSONPathValue {
        switch peek {
        case "'", "\"": return .string(try stringLiteral())
        case "-": return .number(try numberLiteral())
        case let digit? where ("0"..."9").contains(digit): return .number(try numberLiteral())
        default:
            switch word() {
            case "true": return .boolean(true)
            case "false": return .boolean(false)
            default: return .null
            }
        }
    }
}
