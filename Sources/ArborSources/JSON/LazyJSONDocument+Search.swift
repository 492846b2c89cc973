import ArborCore

extension LazyJSONDocument {
    /// A find of keys (and values: a scalar's text; a container has none) reads each member from the bytes
    /// (decoding only a text with escapes) and makes the pointer only of a member that is a container; nothing
    /// else of the member is looked at.
    package func searchEntries(ofChildrenOf id: String, in range: Range<Int>?, fields: SearchFields) async throws -> [SearchEntry] {
        var page = SearchPage()
        try await searchPage(ofChildrenOf: id, in: range, fields: fields, into: &page)
        return page.entries
    }

    /// As ``searchEntries(ofChildrenOf:in:fields:)``, the keys and values copied from the bytes into the page.
    package func searchPage(ofChildrenOf id: String, in range: Range<Int>?, fields: SearchFields, into page: inout SearchPage) async throws {
        let withValues = fields == [.title, .body]
        // The lines of JSON Lines are titled by their fields, which only their items say.
        guard fields == .title || withValues, !(isLines && id.isEmpty) else {
            return page.append(contentsOf: fields.entries(of: try await children(of: id, in: range ?? 0..<Int.max)))
        }
        var container: Int32 = 0
        if let walked = walkedContainers.withLock({ $0.removeValue(forKey: PointerDigest(id)) }) {
            container = walked
        } else {
            guard case .container(let found) = try value(at: id) else { return }
            container = found
        }
        var listed: [(String, Int32)] = []
        defer { walkedContainers.withLock { table in for (pointer, inner) in listed { table[PointerDigest(pointer)] = inner } } }
        let members = index.members(of: container, in: range ?? 0..<Int.max, bytes: bytes)
        page.reserveCapacity(page.count + members.count)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, let first = members.first, let last = members.last else { return }
            // A walk passes over the whole file: what it brings into memory is told, so that its pages are given back.
            MappedPages.read(items: members.count, over: (first.key ?? first.value).lowerBound..<last.value.upperBound, from: base)
            for member in members {
                // A large YAML file's alias holds a copy of its anchor's value, which a find passes over as the
                // browser does: the alias is its text.
                let alias = marks?.alias(at: member.value.lowerBound)
                let isContainer = member.container >= 0 && alias == nil
                let childCount = isContainer ? count(member.container) : 0
                var decoded: String?
                var raw = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
                if let key = member.key {
                    raw = UnsafeBufferPointer(rebasing: buffer[(key.lowerBound + 1)..<(key.upperBound - 1)])
                    if raw.contains(UInt8(ascii: "\\")) { decoded = text(of: key) }
                } else {
                    decoded = "[\(member.position)]"
                }
                var childID = ""
                if isContainer {
                    let segment = member.key == nil ? String(member.position) : decoded ?? String(decoding: raw, as: UTF8.self)
                    childID = id + "/" + JSONPointer.escape(segment)
                    listed.append((childID, member.container))
                }
                let value: ScalarText? = !withValues ? nil : alias.map { .decoded($0) } ?? (isContainer ? nil : scalarBytes(member.value, in: buffer))
                func add(_ title: UnsafeBufferPointer<UInt8>) {
                    guard withValues else { return page.append(title: title, id: childID, childCount: childCount) }
                    switch value {
                    case .raw(let body)?: page.append(title: title, body: body, id: childID, childCount: childCount)
                    case .decoded(var body)?: body.withUTF8 { page.append(title: title, body: $0, id: childID, childCount: childCount) }
                    case nil: page.append(title: title, body: UnsafeBufferPointer(start: nil, count: 0), id: childID, childCount: childCount)
                    }
                }
                if var decoded { decoded.withUTF8 { add($0) } } else { add(raw) }
            }
        }
    }

    /// A scalar's text: its bytes, or decoded when it has escapes.
    private enum ScalarText {
        case raw(UnsafeBufferPointer<UInt8>)
        case decoded(String)
    }

    /// A scalar's text as the document shows it: a string without its quotes, anything else as written.
    private func scalarBytes(_ range: Range<Int>, in buffer: UnsafeBufferPointer<UInt8>) -> ScalarText {
        let raw = UnsafeBufferPointer(rebasing: buffer[range])
        guard raw.first == UInt8(ascii: "\"") else { return .raw(raw) }
        // Its first MiB only, as the page keeps: a string of a file's size is not decoded whole for a find.
        if raw.contains(UInt8(ascii: "\\")) { return .decoded(prefix(of: range)) }
        return .raw(UnsafeBufferPointer(rebasing: buffer[(range.lowerBound + 1)..<(range.upperBound - 1)]))
    }
}
