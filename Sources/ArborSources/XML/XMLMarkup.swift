/// Reads again, from the bytes of a document libxml2 found well-formed, what the index leaves out: an
/// element's attributes (from its start tag) and its own text (character data, CDATA sections and references
/// between its child elements, comments and processing instructions skipped). References are resolved from
/// the predefined entities, character references and the document's own internal entities; anything else
/// (an external entity) is left as written, and nothing is ever loaded.
struct XMLMarkup {
    let bytes: [UInt8]
    /// The document's internal entities.
    let entities: [String: String]

    /// The most text read for one element, and the most bytes passed over to find it.
    static let textLimit = 1 << 20
    static let scanLimit = 16 << 20

    /// The attributes of the element whose start tag ends just before `contentStart`, as written in order.
    func attributes(endingAt contentStart: Int) -> [(name: String, value: String)] {
        var start = contentStart - 1
        while start > 0, bytes[start] != UInt8(ascii: "<") { start -= 1 }
        var position = start + 1
        while position < contentStart, !Self.isSpace(bytes[position]), bytes[position] != UInt8(ascii: ">"),
              bytes[position] != UInt8(ascii: "/") { position += 1 }
        var found: [(name: String, value: String)] = []
        while position < contentStart {
            while position < contentStart, Self.isSpace(bytes[position]) { position += 1 }
            guard position < contentStart, bytes[position] != UInt8(ascii: ">"), bytes[position] != UInt8(ascii: "/") else { break }
            let nameStart = position
            while position < contentStart, bytes[position] != UInt8(ascii: "="), !Self.isSpace(bytes[position]) { position += 1 }
            let name = String(decoding: bytes[nameStart..<position], as: UTF8.self)
            while position < contentStart, bytes[position] != UInt8(ascii: "\""), bytes[position] != UInt8(ascii: "'") { position += 1 }
            guard position < contentStart else { break }
            let quote = bytes[position]
            position += 1
            let valueStart = position
            while position < contentStart, bytes[position] != quote { position += 1 }
            found.append((name, decode(valueStart..<position, inAttribute: true)))
            position += 1
        }
        return found
    }

    /// Whether the element whose start tag ends before `contentStart` was written empty (`<a/>`).
    func isEmptyTag(endingAt contentStart: Int) -> Bool {
        contentStart >= 2 && bytes[contentStart - 2] == UInt8(ascii: "/")
    }

    /// The element's own text, space at either end trimmed unless `trimmed` is false: its character data
    /// between child elements.
    func text(from contentStart: Int, trimmed: Bool = true) -> String {
        guard !isEmptyTag(endingAt: contentStart) else { return "" }
        var text: [UInt8] = []
        var position = contentStart
        let end = min(bytes.count, contentStart + Self.scanLimit)
        while position < end, text.count < Self.textLimit {
            guard bytes[position] == UInt8(ascii: "<") else {
                let runStart = position
                while position < end, bytes[position] != UInt8(ascii: "<") { position += 1 }
                text += decode(runStart..<position, inAttribute: false).utf8
                continue
            }
            if starts(with: "<![CDATA[", at: position) {
                let close = find("]]>", from: position + 9, end: end)
                text += bytes[(position + 9)..<close]
                position = close + 3
            } else if starts(with: "<!--", at: position) {
                position = find("-->", from: position + 4, end: end) + 3
            } else if starts(with: "<?", at: position) {
                position = find("?>", from: position + 2, end: end) + 2
            } else if starts(with: "</", at: position) {
                break
            } else {
                position = endOfElement(from: position, end: end)
            }
        }
        var first = 0
        var last = text.count
        guard trimmed else { return String(decoding: text, as: UTF8.self) }
        while first < last, Self.isSpace(text[first]) { first += 1 }
        while last > first, Self.isSpace(text[last - 1]) { last -= 1 }
        return String(decoding: text[first..<last], as: UTF8.self)
    }

    /// Just past the element whose start tag is at `start`, its descendants passed over.
    private func endOfElement(from start: Int, end: Int) -> Int {
        var depth = 0
        var position = start
        while position < end {
            guard bytes[position] == UInt8(ascii: "<") else {
                position += 1
                continue
            }
            if starts(with: "<![CDATA[", at: position) {
                position = find("]]>", from: position + 9, end: end) + 3
            } else if starts(with: "<!--", at: position) {
                position = find("-->", from: position + 4, end: end) + 3
            } else if starts(with: "<?", at: position) {
                position = find("?>", from: position + 2, end: end) + 2
            } else if starts(with: "</", at: position) {
                position = find(">", from: position, end: end) + 1
                depth -= 1
                if depth == 0 { return position }
            } else {
                let tagEnd = endOfTag(from: position, end: end)
                if bytes[tagEnd - 2] != UInt8(ascii: "/") { depth += 1 }
                position = tagEnd
                if depth == 0 { return position }
            }
        }
        return end
    }

    /// Just past the `>` of the tag at `start`, quoted attribute values passed over.
    private func endOfTag(from start: Int, end: Int) -> Int {
        var position = start + 1
        var quote: UInt8 = 0
        while position < end {
            let byte = bytes[position]
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return position + 1
            }
            position += 1
        }
        return end
    }

    private func starts(with text: StaticString, at position: Int) -> Bool {
        let count = text.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        let pointer = text.utf8Start
        for offset in 0..<count where bytes[position + offset] != pointer[offset] { return false }
        return true
    }

    /// Where `text` starts from `position` on, or `end - count` when it does not (so that moving past it stops).
    private func find(_ text: StaticString, from position: Int, end: Int) -> Int {
        var at = position
        while at < end {
            if starts(with: text, at: at) { return at }
            at += 1
        }
        return max(position, end - text.utf8CodeUnitCount)
    }

    /// Character data with its references resolved; in an attribute, line ends and tabs read as spaces.
    func decode(_ range: Range<Int>, inAttribute: Bool) -> String {
        var decoded = XMLReferences(entities: entities)
        return decoded.resolve(bytes[range], inAttribute: inAttribute)
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
