import ArborCore

extension LazyJSONDocument {
    /// A find of keys (and values: a scalar's text; a container has none) reads each member from the bytes
    /// (decoding only a text with escapes) and makes the pointer only of a member that is a container; nothing
    /// else of the member is looked at.
    public func searchEntries(ofChildrenOf id: String, in range: Range<Int>?, fields: SearchFields) async throws -> [SearchEntry] {
        let withValues = fields == [.title, .body]
        // The lines of JSON Lines are titled by their fields, which only their items say.
        guard fields == .title || withValues, !(isLines && id.isEmpty) else {
            return fields.entries(of: try await children(of: id, in: range ?? 0..<Int.max))
        }
        var container: Int32 = 0
        if let walked = walkedContainers.withLock({ $0.removeValue(forKey: PointerDigest(id)) }) {
            container = walked
        } else {
            guard case .container(let found) = try value(at: id) else { return [] }
            container = found
        }
        var listed: [(String, Int32)] = []
        defer { walkedContainers.withLock { table in for (pointer, inner) in listed { table[PointerDigest(pointer)] = inner } } }
        let members = index.members(of: container, in: range ?? 0..<Int.max, bytes: bytes)
        // A walk passes over the whole file: what it brings into memory is told, so that its pages are given back.
        if let first = members.first, let last = members.last, let base = bytes.base {
            MappedPages.read(items: members.count, over: (first.key ?? first.value).lowerBound..<last.value.upperBound, from: base)
        }
        return members.map { member in
            var title = "[\(member.position)]"
            var segment = String(member.position)
            if let key = member.key {
                let raw = bytes[(key.lowerBound + 1)..<(key.upperBound - 1)]
                title = raw.contains(UInt8(ascii: "\\")) ? text(of: key) : String(decoding: raw, as: UTF8.self)
                segment = title
            }
            let isContainer = member.container >= 0
            let childID = isContainer ? id + "/" + JSONPointer.escape(segment) : ""
            if isContainer { listed.append((childID, member.container)) }
            let value = withValues && !isContainer ? scalarText(member.value) : ""
            return SearchEntry(id: childID, text: fields.text(title: title, id: "", body: value), childCount: isContainer ? count(member.container) : 0)
        }
    }

    /// A scalar's text as the document shows it: a string without its quotes, anything else as written.
    private func scalarText(_ range: Range<Int>) -> String {
        let raw = bytes[range]
        guard raw.first == UInt8(ascii: "\"") else { return String(decoding: raw, as: UTF8.self) }
        if raw.contains(UInt8(ascii: "\\")) { return text(of: range) }
        return String(decoding: raw.dropFirst().dropLast(), as: UTF8.self)
    }
}
