import ArborPath

/// Reads an XML property list from the index libxml2 builds of it: `plist` around one value of `dict` (keys
/// and values in turn), `array`, `string`, `integer`, `real`, `true`, `false`, `date` and `data`.
struct XMLPropertyList {
    /// Why the document is not a property list, and the offset of the element that says so.
    struct Problem: Error {
        let offset: Int
        let message: String
    }

    private let index: XMLIndex
    private let markup: XMLMarkup

    /// Reads the index of a well-formed document.
    init(bytes: [UInt8], index: XMLIndex) {
        self.index = index
        markup = XMLMarkup(bytes: bytes, entities: index.entities)
    }

    /// The value the document holds.
    func value() throws(Problem) -> DocumentValue {
        guard index.count > 0 else { throw Problem(offset: 0, message: "the document holds no value") }
        guard index.nameText(0) == "plist" else { return try value(of: 0, depth: 0) }
        guard index.childCount[0] == 1 else {
            throw Problem(offset: index.contentStart[0], message: "<plist> must hold one value, not \(index.childCount[0])")
        }
        return try value(of: 1, depth: 0)
    }

    private func value(of element: Int32, depth: Int) throws(Problem) -> DocumentValue {
        let name = index.nameText(element)
        let offset = index.contentStart[Int(element)]
        guard depth < BinaryPropertyList.depthLimit else {
            throw Problem(offset: offset, message: "nested deeper than \(BinaryPropertyList.depthLimit) levels")
        }
        switch name {
        case "dict":
            let children = self.children(of: element)
            guard children.count % 2 == 0 else { throw Problem(offset: offset, message: "<dict> holds a key without a value") }
            var members: [String: DocumentValue] = [:]
            for pair in stride(from: 0, to: children.count, by: 2) {
                let key = children[pair]
                guard index.nameText(key) == "key" else {
                    throw Problem(offset: index.contentStart[Int(key)], message: "expected <key> in <dict>, saw <\(index.nameText(key))>")
                }
                members[markup.text(from: index.contentStart[Int(key)], trimmed: false)] = try value(of: children[pair + 1], depth: depth + 1)
            }
            return .object(members.keys.sorted().map { (key: $0, value: members[$0]!) })
        case "array":
            var elements: [DocumentValue] = []
            for child in children(of: element) { elements.append(try value(of: child, depth: depth + 1)) }
            return .array(elements)
        case "true", "false":
            return .bool(name == "true")
        case "string":
            return .string(markup.text(from: offset, trimmed: false))
        case "date":
            return .string(markup.text(from: offset))
        case "data":
            return .string("<\(PropertyListText.decodedCount(ofBase64: markup.text(from: offset))) bytes>")
        case "integer":
            let text = markup.text(from: offset)
            guard let number = Self.integer(text) else { throw Problem(offset: offset, message: "'\(text)' is not an integer") }
            return .number(number)
        case "real":
            let text = markup.text(from: offset)
            guard let number = Double(text) else { throw Problem(offset: offset, message: "'\(text)' is not a real number") }
            // Kept as written where JSON writes it so (`0.10`, `1e400`); `.5` or `+1` as the number they are.
            return .number(JSONNumber(literal: text) != nil ? text : BinaryPropertyList.realText(number))
        default:
            throw Problem(offset: offset, message: "<\(name)> is not a property list value")
        }
    }

    private func children(of element: Int32) -> [Int32] {
        var children: [Int32] = []
        var child = element + 1
        for _ in 0..<index.childCount[Int(element)] {
            children.append(child)
            child = index.nextSibling(of: child)
        }
        return children
    }

    /// An integer's text as a number: decimal with a sign, or hexadecimal after `0x`.
    private static func integer(_ text: String) -> String? {
        let negative = text.hasPrefix("-")
        let digits = negative || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        let hex = digits.hasPrefix("0x") || digits.hasPrefix("0X")
        guard let magnitude = UInt64(hex ? digits.dropFirst(2) : digits, radix: hex ? 16 : 10) else { return nil }
        guard negative else { return String(magnitude) }
        guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
        return magnitude == 0 ? "0" : "-\(magnitude)"
    }
}
