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
        if content.title == fallback, let field = tellingField(), let text = value.fields.first(where: { $0.name == field })?.value,
           !text.isEmpty {
            content.title = text
            if content.subtitle.isEmpty { content.subtitle = fallback }
        }
        if content.subtitle.isEmpty { content.subtitle = value.subtitle }
        if content.body.isEmpty { content.body = value.body }
        return content
    }

    /// The bytes of a line's value (a member's, at any depth; every line for the top): what `--output json`
    /// prints for a picked item.
    func valueText(of id: String) throws -> [UInt8] {
        switch try value(at: id) {
        case .container(0):
            var end = index.end(0)
            while end > 0, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
            return Array(bytes[0..<end])
        case .container(let container):
            return Array(bytes[index.start[Int(container)]..<index.end(Int(container))])
        case .scalar(_, let member):
            return Array(bytes[member.value])
        }
    }

    /// The first string field of the first lines that tells them apart: present in each of them (at most 64,
    /// at least 2) with a value of its own in three of four. Nil when none does; found once.
    func tellingField() -> String? {
        tellingLineField.withLock { found in
            if let found { return found }
            let sample = index.members(of: 0, in: 0..<64, bytes: bytes).filter { $0.container >= 0 && index.isObject($0.container, in: bytes) }
            let lines = sample.map { line in
                index.members(of: line.container, in: 0..<JSONDocumentBuilder.fieldLimit, bytes: bytes)
                    .filter { $0.container < 0 && $0.key != nil && bytes[$0.value.lowerBound] == UInt8(ascii: "\"") }
                    .map { (name: text(of: $0.key!), value: text(of: $0.value)) }
            }
            var chosen: String?
            if lines.count >= 2 {
                for name in lines[0].map(\.name) {
                    let values = lines.compactMap { fields in fields.first { $0.name == name }?.value }.filter { !$0.isEmpty }
                    if values.count == lines.count, Set(values).count * 4 >= lines.count * 3 { chosen = name; break }
                }
            }
            found = .some(chosen)
            return chosen
        }
    }
}
