/// Reads a TOML 1.0 document: headers, arrays of tables and key/value pairs into tables, by the rules of
/// ``TOMLTableTree``; values by ``TOMLParser`` and its extensions. A problem stops the reading with its line
/// and column.
package struct TOMLParser {
    /// A problem and where it is (line and column from 1, the column in characters).
    package struct Failure: Error {
        package let line: Int
        package let column: Int
        package let message: String
    }

    let bytes: [UInt8]
    var position = 0
    /// The deepest nesting of arrays, inline tables and table names.
    static let depthLimit = 512

    /// Parses `text` into its top table.
    package static func parse(_ text: String) throws(Failure) -> TOMLTable {
        var parser = TOMLParser(bytes: Array(text.utf8))
        return try parser.document()
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    private mutating func document() throws(Failure) -> TOMLTable {
        let root = TOMLTableTree(origin: .header)
        var current = root
        while true {
            skipBlank()
            guard let byte = peek else { break }
            if byte == UInt8(ascii: "[") {
                current = try header(in: root)
            } else if byte == UInt8(ascii: "#") || isNewline(byte) {
                try endOfLine()
                continue
            } else {
                try keyValue(into: current, depth: 0)
            }
            try endOfLine()
        }
        return root.value
    }

    /// `[a.b]` or `[[a.b]]`: the table that key/value pairs now go into.
    private mutating func header(in root: TOMLTableTree) throws(Failure) -> TOMLTableTree {
        let start = position
        let isArray = bytes.count > position + 1 && bytes[position + 1] == UInt8(ascii: "[")
        position += isArray ? 2 : 1
        skipBlank()
        guard let byte = peek, Self.isBare(byte) || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") else {
            throw failure("a table header needs a name after its '[', saw \(describe(at: position))")
        }
        let keys = try key()
        skipBlank()
        guard take(isArray ? "]]" : "]") else { throw failure(isArray ? "expected ']]' after the table's name" : "expected ']' after the table's name") }
        var table = root
        for (index, name) in keys.dropLast().enumerated() {
            switch table[name] {
            case nil:
                let made = TOMLTableTree(origin: .implicit)
                table.set(name, .table(made))
                table = made
            case .table(let next)?: table = next
            case .tables(let array)?: table = array.elements[array.elements.count - 1]
            case .value?: throw failure("'\(keys[...index].joined(separator: "."))' already holds a value, not a table", at: start)
            }
        }
        let name = keys[keys.count - 1]
        let dotted = keys.joined(separator: ".")
        if isArray {
            let element = TOMLTableTree(origin: .header)
            guard table.appendTable(element, to: name) else {
                throw failure("'\(dotted)' is already defined, not as an array of tables", at: start)
            }
            return element
        }
        switch table[name] {
        case nil:
            let made = TOMLTableTree(origin: .header)
            table.set(name, .table(made))
            return made
        case .table(let existing)? where existing.origin == .implicit:
            existing.origin = .header
            return existing
        default:
            throw failure("the table '\(dotted)' is defined twice", at: start)
        }
    }

    /// `key = value` into `table`, dotted keys making or extending the tables they name.
    mutating func keyValue(into table: TOMLTableTree, depth: Int) throws(Failure) {
        let start = position
        let keys = try key()
        skipBlank()
        guard take("=") else { throw failure("expected '=' after the key") }
        skipBlank()
        let value = try self.value(depth: depth + keys.count)
        var target = table
        for (index, name) in keys.dropLast().enumerated() {
            switch target[name] {
            case nil:
                let made = TOMLTableTree(origin: .dotted)
                target.set(name, .table(made))
                target = made
            case .table(let next)? where next.origin == .dotted:
                target = next
            default:
                throw failure("'\(keys[...index].joined(separator: "."))' is already defined; a dotted key cannot add to it", at: start)
            }
        }
        let name = keys[keys.count - 1]
        guard target[name] == nil else { throw failure("the key '\(keys.joined(separator: "."))' is defined twice", at: start) }
        target.set(name, .value(value))
    }

    /// A key: bare or quoted parts joined by dots.
    mutating func key() throws(Failure) -> [String] {
        var keys: [String] = []
        while true {
            guard keys.count < Self.depthLimit else { throw failure("a key of more than \(Self.depthLimit) parts") }
            keys.append(try keyPart())
            skipBlank()
            guard take(".") else { return keys }
            skipBlank()
        }
    }

    private mutating func keyPart() throws(Failure) -> String {
        guard let byte = peek else { throw failure("expected a key, saw \(describe(at: position))") }
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            if take(byte == UInt8(ascii: "\"") ? "\"\"\"" : "'''") { throw failure("a key cannot be a multi-line string") }
            return try string()
        }
        let start = position
        while let next = peek, Self.isBare(next) { position += 1 }
        guard position > start else { throw failure("expected a key, saw \(describe(at: position))") }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    static func isBare(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }

    /// What may follow a statement: blanks, a comment, then the end of the line or of the file.
    private mutating func endOfLine() throws(Failure) {
        skipBlank()
        if peek == UInt8(ascii: "#") { try comment() }
        guard let byte = peek else { return }
        if byte == UInt8(ascii: "\r"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "\n") {
            position += 2
        } else if byte == UInt8(ascii: "\n") {
            position += 1
        } else {
            throw failure("expected the end of the line, saw \(describe(at: position))")
        }
    }

    /// A comment to the end of its line, which holds no control character but tab.
    mutating func comment() throws(Failure) {
        while let byte = peek, byte != UInt8(ascii: "\n") {
            if byte == UInt8(ascii: "\r"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "\n") { return }
            if Self.isControl(byte) { throw failure("a control character (\(describe(at: position))) in a comment") }
            position += 1
        }
    }

    static func isControl(_ byte: UInt8) -> Bool { (byte < 0x20 && byte != 0x09) || byte == 0x7F }

    var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    func isNewline(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }

    /// Passes spaces and tabs.
    mutating func skipBlank() {
        while let byte = peek, byte == 0x20 || byte == 0x09 { position += 1 }
    }

    /// Takes `text` when the bytes at the position spell it.
    mutating func take(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard bytes.count - position >= count else { return false }
        for index in 0..<count where bytes[position + index] != text.utf8Start[index] { return false }
        position += count
        return true
    }

    /// The character at `index` as a message shows it: quoted when printable ASCII, its code point otherwise.
    func describe(at index: Int) -> String {
        guard index < bytes.count else { return "the end of the file" }
        let byte = bytes[index]
        if isNewline(byte) { return "the end of the line" }
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        var rest = bytes[index...].makeIterator()
        var decoder = UTF8()
        var value = UInt32(byte)
        if case .scalarValue(let scalar) = decoder.decode(&rest) { value = scalar.value }
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// A problem at `offset` (the position when nil).
    func failure(_ message: String, at offset: Int? = nil) -> Failure {
        let end = min(offset ?? position, bytes.count)
        var line = 1
        var lineStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        for index in 0..<end where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).unicodeScalars.count + 1
        return Failure(line: line, column: column, message: message)
    }
}
