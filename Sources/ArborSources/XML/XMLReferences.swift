/// Resolves XML references in text: `&lt;` and the other predefined entities, `&#65;` and `&#x41;`, and the
/// document's internal entities (whose text may hold references of its own, followed a few levels deep and
/// to a bounded length, so that entities repeating entities cannot grow without end).
struct XMLReferences {
    let entities: [String: String]
    /// Characters made so far by internal entities, against ``expansionLimit``.
    private var expanded = 0

    /// The most characters internal entities may make in one text, and how deep they may nest.
    static let expansionLimit = 1 << 16
    static let depthLimit = 8

    init(entities: [String: String]) {
        self.entities = entities
    }

    /// The text with its references resolved.
    mutating func resolve(_ raw: ArraySlice<UInt8>, inAttribute: Bool, depth: Int = 0) -> String {
        guard raw.contains(UInt8(ascii: "&")) || (inAttribute && raw.contains(where: XMLMarkup.isSpace)) else {
            return String(decoding: raw, as: UTF8.self)
        }
        var out = ""
        var position = raw.startIndex
        while position < raw.endIndex {
            let byte = raw[position]
            if inAttribute, byte == 0x09 || byte == 0x0A || byte == 0x0D {
                out += " "
                position += 1
                continue
            }
            guard byte == UInt8(ascii: "&"), let semicolon = raw[position...].firstIndex(of: UInt8(ascii: ";")) else {
                let runEnd = raw[position...].firstIndex { $0 == UInt8(ascii: "&") || (inAttribute && ($0 == 0x09 || $0 == 0x0A || $0 == 0x0D)) }
                let stop = runEnd == position ? position + 1 : (runEnd ?? raw.endIndex)
                out += String(decoding: raw[position..<stop], as: UTF8.self)
                position = stop
                continue
            }
            let name = String(decoding: raw[(position + 1)..<semicolon], as: UTF8.self)
            out += replacement(of: name, inAttribute: inAttribute, depth: depth) ?? "&\(name);"
            position = semicolon + 1
        }
        return out
    }

    private mutating func replacement(of name: String, inAttribute: Bool, depth: Int) -> String? {
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default: break
        }
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
        guard let text = entities[name], depth < Self.depthLimit, expanded + text.utf8.count <= Self.expansionLimit else { return nil }
        expanded += text.utf8.count
        return resolve(ArraySlice(text.utf8), inAttribute: inAttribute, depth: depth + 1)
    }
}
