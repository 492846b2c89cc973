/// An iterative JSON parser that builds a ``JSONDocument`` and reports errors by line and column; its tokens are
/// read by ``JSONGrammar``, as the scanners' are.
struct JSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var line = 1
    private var lineStart = 0
    private var document = JSONDocument()
    private var stack: [(node: Int32, lastChild: Int32, isObject: Bool)] = []
    private var pendingKey: String?
    /// Whether values are kept; without, the parser only says whether and where the bytes are malformed.
    private let keepsValues: Bool

    /// A parser over bytes that outlive it (the caller's `withUnsafeBufferPointer`); one that does not keep
    /// values checks any size of input in constant memory.
    init(bytes: UnsafeBufferPointer<UInt8>, keepsValues: Bool = true) {
        self.bytes = bytes
        self.keepsValues = keepsValues
    }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONDocument {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3; lineStart = 3 }
        skipWhitespace()
        if position >= bytes.count { throw error("the document is empty") }
        var expectsValue = true
        while expectsValue || !stack.isEmpty {
            expectsValue = expectsValue ? try parseValue() : try parseAfterValue()
        }
        skipWhitespace()
        if position < bytes.count { throw error("unexpected \(describe(bytes[position])) after the end of the document") }
        return document
    }

    /// Reads a scalar or the opening of a container; true when a value must follow (a non-empty container).
    private mutating func parseValue() throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        guard position < bytes.count else { throw error("unexpected end of input, expected a value") }
        let byte = bytes[position]
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            position += 1
            let kind: JSONDocument.Kind = byte == UInt8(ascii: "{") ? .object : .array
            let node = append(kind, text: "")
            stack.append((node, -1, kind == .object))
            skipWhitespace()
            let close = kind == .object ? UInt8(ascii: "}") : UInt8(ascii: "]")
            if position < bytes.count, bytes[position] == close {
                position += 1
                stack.removeLast()
                return false
            }
            if kind == .object { try parseKey() }
            return true
        case UInt8(ascii: "\""):
            let text = try parseString()
            append(.string, text: text)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            append(.number, text: try parseNumber())
        case UInt8(ascii: "t"): try parseLiteral("true", kind: .bool)
        case UInt8(ascii: "f"): try parseLiteral("false", kind: .bool)
        case UInt8(ascii: "n"): try parseLiteral("null", kind: .null)
        default:
            throw error("unexpected \(describe(byte)), expected a value")
        }
        return false
    }

    /// After a value inside a container: a separator (true: a value must follow) or the container's end.
    private mutating func parseAfterValue() throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        guard let top = stack.last else { return false }
        let isObject = top.isObject
        guard position < bytes.count else {
            throw error("unexpected end of input, expected ',' or '\(isObject ? "}" : "]")'")
        }
        let byte = bytes[position]
        if byte == UInt8(ascii: ",") {
            position += 1
            if isObject { try parseKey() }
            return true
        } else if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
            position += 1
            stack.removeLast()
            return false
        } else {
            throw error("unexpected \(describe(byte)), expected ',' or '\(isObject ? "}" : "]")'")
        }
    }

    private mutating func parseKey() throws(JSONSyntaxError) {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
            throw error(position < bytes.count ? "expected a member name in double quotes" : "unexpected end of input")
        }
        pendingKey = try parseString()
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
            throw error("expected ':' after the member name")
        }
        position += 1
    }

    @discardableResult
    private mutating func append(_ kind: JSONDocument.Kind, text: String) -> Int32 {
        guard keepsValues else { return -1 }
        let index = Int32(document.nodes.count)
        let parent = stack.last?.node ?? -1
        document.nodes.append(JSONDocument.Node(kind: kind, key: pendingKey, text: text, parent: parent))
        pendingKey = nil
        if let top = stack.last {
            if top.lastChild >= 0 {
                document.nodes[Int(top.lastChild)].nextSibling = index
            } else {
                document.nodes[Int(top.node)].firstChild = index
            }
            document.nodes[Int(top.node)].childCount += 1
            stack[stack.count - 1].lastChild = index
        }
        return index
    }

    private mutating func parseLiteral(_ word: StaticString, kind: JSONDocument.Kind) throws(JSONSyntaxError) {
        guard JSONGrammar.skipLiteral(bytes, &position, word) else {
            throw error("unexpected \(describe(bytes[position])), expected a value")
        }
        append(kind, text: word.description)
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = position
        switch JSONGrammar.scanNumber(bytes, &position) {
        case nil: return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        case .integerDigit: throw error("invalid number: expected a digit")
        case .fractionDigit: throw error("invalid number: expected a digit after '.'")
        case .exponentDigit: throw error("invalid number: expected a digit in the exponent")
        }
    }

    /// Moves past space, counting lines for the error positions.
    private mutating func skipWhitespace() {
        let start = position
        JSONGrammar.skipSpace(bytes, &position)
        for offset in start..<position where bytes[offset] == UInt8(ascii: "\n") {
            line += 1
            lineStart = offset + 1
        }
    }

    private func describe(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : hexByte(byte)
    }

    private func hexByte(_ byte: UInt8) -> String {
        "byte 0x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }

    /// The error at the current position; the column counts characters, or on a line longer than a megabyte
    /// (where decoding it would cost as much memory) code points.
    func error(_ message: String) -> JSONSyntaxError {
        let before = UnsafeBufferPointer(rebasing: bytes[lineStart..<min(position, bytes.count)])
        let column = before.count <= 1 << 20
            ? String(decoding: before, as: UTF8.self).count + 1
            : before.reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return JSONSyntaxError(message: message, line: line, column: column, offset: min(position, bytes.count))
    }
}

extension JSONParser {
    /// Reads a string literal at the opening quote and returns its value.
    mutating func parseString() throws(JSONSyntaxError) -> String {
        position += 1
        let start = position
        position = JSONGrammar.nextSpecial(bytes, from: position)
        guard position < bytes.count else { throw error("unterminated string") }
        if bytes[position] == UInt8(ascii: "\"") {
            position += 1
            // A long one is copied a piece at a time, so that a mapped file's pages are given back behind it.
            if position - start > JSONStringDecoder.piece { return JSONStringDecoder.text(bytes, from: start, to: position - 1) }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(position - 1)]), as: UTF8.self)
        }
        var end = start - 1
        if JSONGrammar.skipString(bytes, &end) {
            position = end
            return JSONStringDecoder.text(bytes, from: start, to: end - 1)
        }
        // Not well-formed: read up to the fault, to say what and where it is.
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\""):
                // Not reached where the scan above agrees; read as the decoder reads a well-formed string.
                position += 1
                return JSONStringDecoder.text(bytes, from: start, to: position - 1)
            case UInt8(ascii: "\\"):
                try checkEscape()
            case 0..<0x20:
                throw error("control character in a string (escape it)")
            default:
                position = JSONGrammar.nextSpecial(bytes, from: position)
            }
        }
        throw error("unterminated string")
    }

    /// Moves past the escape whose backslash is at `position`, or says what is wrong with it (its text is
    /// ``JSONStringDecoder``'s to read).
    private mutating func checkEscape() throws(JSONSyntaxError) {
        position += 1
        guard position < bytes.count else { throw error("unterminated string") }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
             UInt8(ascii: "r"), UInt8(ascii: "t"):
            return
        case UInt8(ascii: "u"):
            try checkHexDigits()
        default:
            position -= 1
            throw error("invalid escape '\\\(Character(Unicode.Scalar(byte)))'")
        }
    }

    /// Moves past the four hex digits of a `\\u` escape, or says they are not.
    private mutating func checkHexDigits() throws(JSONSyntaxError) {
        guard bytes.count - position >= 4 else { throw error("invalid \\u escape: expected four hex digits") }
        for _ in 0..<4 {
            guard Character(Unicode.Scalar(bytes[position])).isHexDigit else { throw error("invalid \\u escape: expected four hex digits") }
            position += 1
        }
    }
}
