/// Parses a JSONPath query (RFC 9535) into its segments, character by character, reporting the first error
/// with its position.
struct JSONPathParser {
    let scalars: [Unicode.Scalar]
    var position = 0
    /// How deep filters and parentheses nest before the expression is refused rather than overflow the stack.
    static let nestingLimit = 128
    var nesting = 0

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// The whole query: `$` and its segments, and nothing after them.
    mutating func query() throws(JSONPathError) -> [PathSegment] {
        guard peek == "$" else { throw error("a query starts with '$'") }
        position += 1
        let segments = try segments()
        guard atEnd else {
            let blanks = position
            skipBlanks()
            guard let next = peek else {
                position = blanks
                throw error("a query may not end with blanks")
            }
            throw error("unexpected '\(Self.shown(next))'")
        }
        return segments
    }

    var atEnd: Bool { position >= scalars.count }
    var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    func peek(_ offset: Int) -> Unicode.Scalar? {
        position + offset < scalars.count ? scalars[position + offset] : nil
    }

    func error(_ message: String) -> JSONPathError { JSONPathError(message, offset: position) }

    static func shown(_ scalar: Unicode.Scalar) -> String {
        scalar.value < 0x20 || scalar.value == 0x7F ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
    }

    static func isBlank(_ scalar: Unicode.Scalar?) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    mutating func skipBlanks() {
        while Self.isBlank(peek) { position += 1 }
    }

    mutating func expect(_ scalar: Unicode.Scalar, _ what: String) throws(JSONPathError) {
        guard peek == scalar else {
            throw error(atEnd ? "\(what) was expected at the end" : "\(what) was expected, not '\(Self.shown(peek!))'")
        }
        position += 1
    }

    /// Segments as long as blanks are followed by `.` or `[`.
    mutating func segments() throws(JSONPathError) -> [PathSegment] {
        var segments: [PathSegment] = []
        while true {
            let start = position
            skipBlanks()
            guard peek == "." || peek == "[" else {
                position = start
                return segments
            }
            segments.append(try segment())
        }
    }

    private mutating func segment() throws(JSONPathError) -> PathSegment {
        if peek == "[" { return PathSegment(isDescendant: false, selectors: try bracketedSelection()) }
        position += 1
        let isDescendant = peek == "."
        if isDescendant {
            position += 1
            if peek == "[" { return PathSegment(isDescendant: true, selectors: try bracketedSelection()) }
        }
        if peek == "*" {
            position += 1
            return PathSegment(isDescendant: isDescendant, selectors: [.wildcard])
        }
        guard let first = peek, Self.isNameFirst(first) else {
            throw error(atEnd ? "a name was expected at the end" : "a name was expected, not '\(Self.shown(peek!))'")
        }
        let start = position
        while let next = peek, Self.isNameFirst(next) || ("0"..."9").contains(next) { position += 1 }
        return PathSegment(isDescendant: isDescendant, selectors: [.name(Self.compact(String(String.UnicodeScalarView(scalars[start..<position]))))])
    }

    /// The text held inline when it is short (15 bytes or fewer), as a string built scalar by scalar is not: a
    /// name or literal a filter compares at every node is then copied without counting references.
    static func compact(_ text: String) -> String {
        String(decoding: Array(text.utf8), as: UTF8.self)
    }

    static func isNameFirst(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
            || (0x80...0xD7FF).contains(scalar.value) || scalar.value >= 0xE000
    }

    private mutating func bracketedSelection() throws(JSONPathError) -> [PathSelector] {
        position += 1
        var selectors: [PathSelector] = []
        while true {
            skipBlanks()
            selectors.append(try selector())
            skipBlanks()
            if peek == "," {
                position += 1
                continue
            }
            try expect("]", "']' or ','")
            return selectors
        }
    }

    private mutating func selector() throws(JSONPathError) -> PathSelector {
        switch peek {
        case "'", "\"": return .name(try stringLiteral())
        case "*":
            position += 1
            return .wildcard
        case "?":
            position += 1
            skipBlanks()
            let expression = try nested { (parser: inout JSONPathParser) throws(JSONPathError) in try parser.logicalOr() }
            return .filter(expression, scalarsFail: expression.failsForScalars)
        case ":": return try slice(start: nil)
        case let scalar? where scalar == "-" || ("0"..."9").contains(scalar):
            let start = try integer()
            let end = position
            skipBlanks()
            if peek == ":" { return try slice(start: start) }
            position = end
            return .index(start)
        case nil: throw error("a selector was expected at the end")
        case let scalar?: throw error("a selector was expected, not '\(Self.shown(scalar))'")
        }
    }

    private mutating func slice(start: Int?) throws(JSONPathError) -> PathSelector {
        position += 1
        skipBlanks()
        let end = try optionalInteger()
        skipBlanks()
        var step: Int?
        if peek == ":" {
            position += 1
            skipBlanks()
            step = try optionalInteger()
        }
        return .slice(start: start, end: end, step: step)
    }

    private mutating func optionalInteger() throws(JSONPathError) -> Int? {
        guard let next = peek, next == "-" || ("0"..."9").contains(next) else { return nil }
        return try integer()
    }

    /// An integer of RFC 9535: no leading zero, no `-0`, within ±(2^53 − 1).
    mutating func integer() throws(JSONPathError) -> Int {
        let start = position
        if peek == "-" { position += 1 }
        guard let first = peek, ("0"..."9").contains(first) else { throw error("a digit was expected") }
        if first == "0" {
            if position > start { throw error("-0 is not an integer here") }
            position += 1
            if let next = peek, ("0"..."9").contains(next) { throw error("an integer may not start with 0") }
            return 0
        }
        while let next = peek, ("0"..."9").contains(next) { position += 1 }
        let text = String(String.UnicodeScalarView(scalars[start..<position]))
        guard let value = Int(text), abs(value) <= Self.largestInteger else {
            throw JSONPathError("\(text) is outside ±(2^53 − 1)", offset: start)
        }
        return value
    }

    static let largestInteger = (1 << 53) - 1

    /// Runs `body` one level deeper, refusing expressions nested past the limit.
    mutating func nested<Result>(_ body: (inout JSONPathParser) throws(JSONPathError) -> Result) throws(JSONPathError) -> Result {
        guard nesting < Self.nestingLimit else { throw error("the expression nests more than \(Self.nestingLimit) deep") }
        nesting += 1
        defer { nesting -= 1 }
        return try body(&self)
    }
}
