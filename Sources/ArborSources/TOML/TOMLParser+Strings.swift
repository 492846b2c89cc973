extension TOMLParser {
    /// A basic (`"`) or literal (`'`) string, on one line or (tripled quotes) on several.
    mutating func string() throws(Failure) -> String {
        let quote = bytes[position]
        let isLiteral = quote == UInt8(ascii: "'")
        let start = position
        let isMultiline = isLiteral ? take("'''") : take("\"\"\"")
        if isMultiline {
            if !take("\n") { _ = take("\r\n") }
        } else {
            position += 1
        }
        var text: [UInt8] = []
        while true {
            guard let byte = peek else { throw failure("the string that starts here has no end", at: start) }
            if byte == quote {
                guard isMultiline else {
                    position += 1
                    return String(decoding: text, as: UTF8.self)
                }
                var run = 0
                while position + run < bytes.count, bytes[position + run] == quote { run += 1 }
                guard run >= 3 else {
                    text += repeatElement(quote, count: run)
                    position += run
                    continue
                }
                guard run <= 5 else { throw failure("more than two quotes before a string's closing quotes") }
                text += repeatElement(quote, count: run - 3)
                position += run
                return String(decoding: text, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\"), !isLiteral {
                try escape(into: &text, isMultiline: isMultiline)
                continue
            }
            if byte == UInt8(ascii: "\r"), isMultiline, position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "\n") {
                text += [0x0D, 0x0A]
                position += 2
                continue
            }
            if byte == UInt8(ascii: "\n") {
                guard isMultiline else { throw failure("a string in single quotes ends on its line; use triple quotes for several") }
            } else if Self.isControl(byte) {
                throw failure("a control character (\(describe(at: position))) in a string; write it as an escape")
            }
            text.append(byte)
            position += 1
        }
    }

    /// A backslash escape, or (in a multi-line basic string) a backslash ending the line, which drops the
    /// blanks and newlines after it.
    private mutating func escape(into text: inout [UInt8], isMultiline: Bool) throws(Failure) {
        let start = position
        position += 1
        guard let code = peek else { throw failure("a backslash at the end of the file") }
        position += 1
        switch code {
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "\""): text.append(0x22)
        case UInt8(ascii: "\\"): text.append(0x5C)
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            let count = code == UInt8(ascii: "u") ? 4 : 8
            guard bytes.count - position >= count,
                  let value = UInt32(String(decoding: bytes[position..<(position + count)], as: UTF8.self), radix: 16),
                  bytes[position..<(position + count)].allSatisfy({ Self.isHex($0) }), let scalar = Unicode.Scalar(value)
            else { throw failure("\\\(Character(Unicode.Scalar(code))) must be followed by \(count) hex digits of a Unicode scalar", at: start) }
            text += Array(String(Character(scalar)).utf8)
            position += count
        case 0x20, 0x09, UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            guard isMultiline else { throw failure("\\\(describe(at: position - 1)) is not an escape; a backslash ends a line only in triple quotes", at: start) }
            position -= 1
            skipBlank()
            guard let next = peek, isNewline(next) else { throw failure("only blanks may follow a backslash that ends a line", at: start) }
            while let next = peek, next == 0x20 || next == 0x09 || next == UInt8(ascii: "\n") || next == UInt8(ascii: "\r") { position += 1 }
        default:
            throw failure("\\\(describe(at: position - 1)) is not an escape (\\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX \\UXXXXXXXX)", at: start)
        }
    }

    static func isHex(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
    }
}
