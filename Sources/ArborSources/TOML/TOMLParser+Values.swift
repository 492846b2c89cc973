extension TOMLParser {
    /// A value: a string, a boolean, a number, a date or time, an array or an inline table.
    mutating func value(depth: Int) throws(Failure) -> TOMLValue {
        guard depth < Self.depthLimit else { throw failure("values nested deeper than \(Self.depthLimit) levels") }
        guard let byte = peek else { throw failure("expected a value, saw the end of the file") }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return .string(try string())
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "{"): return try inlineTable(depth: depth)
        case UInt8(ascii: "t") where take("true"): return .boolean(true)
        case UInt8(ascii: "f") where take("false"): return .boolean(false)
        default: return try scalarToken()
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> TOMLValue {
        position += 1
        var elements: [TOMLValue] = []
        while true {
            try skipSpaceNewlinesAndComments()
            if take("]") { return .array(elements) }
            if peek == nil || peek == UInt8(ascii: "}") || peek == UInt8(ascii: ",") {
                throw failure("expected a value or ']' in the array, saw \(describe(at: position))")
            }
            elements.append(try value(depth: depth + 1))
            try skipSpaceNewlinesAndComments()
            if take(",") { continue }
            if take("]") { return .array(elements) }
            throw failure("expected ',' or ']' in the array, saw \(describe(at: position))")
        }
    }

    private mutating func inlineTable(depth: Int) throws(Failure) -> TOMLValue {
        position += 1
        let table = TOMLTableTree(origin: .header)
        skipBlank()
        if take("}") { return .table(table.value) }
        while true {
            try keyValue(into: table, depth: depth + 1)
            skipBlank()
            if take(",") { skipBlank(); continue }
            if take("}") { return .table(table.value) }
            throw failure("expected ',' or '}' in the inline table, saw \(describe(at: position))")
        }
    }

    private mutating func skipSpaceNewlinesAndComments() throws(Failure) {
        while let byte = peek {
            if byte == 0x20 || byte == 0x09 || byte == UInt8(ascii: "\n") {
                position += 1
            } else if byte == UInt8(ascii: "\r"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "\n") {
                position += 2
            } else if byte == UInt8(ascii: "#") {
                try comment()
            } else {
                return
            }
        }
    }

    /// A number, a date or a time: the run of characters that can spell one (a date's space before its time
    /// included), then checked as a whole.
    private mutating func scalarToken() throws(Failure) -> TOMLValue {
        let start = position
        while let byte = peek {
            if Self.isBare(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":") {
                position += 1
            } else if byte == 0x20, position - start == 10, bytes[start + 4] == UInt8(ascii: "-"), position + 3 < bytes.count,
                      Self.isDigit(bytes[position + 1]), Self.isDigit(bytes[position + 2]), bytes[position + 3] == UInt8(ascii: ":") {
                position += 1
            } else {
                break
            }
        }
        let token = Array(bytes[start..<position])
        guard !token.isEmpty else { throw failure("expected a value, saw \(describe(at: position))") }
        let text = String(decoding: token, as: UTF8.self)
        if let value = TOMLScalars.value(of: token, text: text) { return value }
        if token.count > 10, token[4] == UInt8(ascii: "-"), token[7] == UInt8(ascii: "-"), token[10] == UInt8(ascii: "T") || token[10] == UInt8(ascii: "t"),
           token.count == 11 || !Self.isDigit(token[11]) {
            throw failure("a date's 'T' must be followed by the time's digits (HH:MM)", at: start + 11)
        }
        throw failure("'\(text)' is not a value (a string needs quotes)", at: start)
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
