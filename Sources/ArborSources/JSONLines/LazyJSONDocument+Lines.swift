import ArborCore

extension LazyJSONDocument {
    /// A line of JSON Lines as an item: a record titled by its fields (or `line N`), a scalar as it is, a
    /// malformed line with the place and reason the parser gives.
    func lineContent(_ value: ItemContent, line: Int, member: JSONMember, mapping: FieldMapping) -> ItemContent {
        let fallback = "line \(line)"
        if member.container == JSONMember.malformed, let malformed = index.lines?.malformed[Int32(member.position)] {
            let text = value.body
            let problem = "malformed JSON at \(malformed.message)"
            let place = "\(displayName):\(line): \(malformed.message)"
            return ItemContent(title: fallback, subtitle: "malformed JSON", body: place, description: text, status: "malformed",
                               fields: [ItemField(name: "error", value: place), ItemField(name: "text", value: text)], icon: "⚠",
                               scalar: ScalarValue(.string, problem))
        }
        guard member.container >= 0, index.isObject(member.container, in: bytes) else {
            var content = value
            content.title = fallback
            return content
        }
        var content = mapping.content(from: value.fields, fallbackTitle: fallback)
        if content.subtitle.isEmpty { content.subtitle = value.subtitle }
        if content.body.isEmpty { content.body = value.body }
        return content
    }

    /// The bytes of a line's value (a member's, at any depth; every line for the top): what `--output json`
    /// prints for a picked item.
    func valueText(of id: String) throws -> [UInt8] {
        switch try value(at: id) {
        case .container(0):
            var end = index.end[0]
            while end > 0, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
            return Array(bytes[0..<end])
        case .container(let container):
            return Array(bytes[index.start[Int(container)]..<index.end[Int(container)]])
        case .scalar(let parent, let position):
            return Array(bytes[index.members(of: parent, in: position..<(position + 1), bytes: bytes)[0].value])
        }
    }
}
