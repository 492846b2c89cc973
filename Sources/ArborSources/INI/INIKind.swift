import ArborCore

/// INI files (`.ini`, `.cfg`, `.conf`-style settings), as documents: each `[section]` an object of its
/// `key = value` (or `key: value`) members, keys before the first section at the top; `;` and `#` start
/// comments; a line that is none of these is an error naming its line.
struct INIKind: SourceKind {
    var formats: [SourceFormat] { [.ini] }
    var summary: String { "INI settings: [sections] of key = value members, as documents" }
    var extensions: [String: SourceFormat] { ["ini": .ini, "cfg": .ini, "inf": .ini, "gitconfig": .ini, "editorconfig": .ini, "desktop": .ini] }

    func open(_ input: SourceInput, as format: SourceFormat, request: SourceRequest) throws(SourceLoadError) -> OpenedSource {
        let document = try Self.parse(input.bytes, origin: input.origin).document
        return OpenedSource(hierarchy: JSONDocumentBuilder().hierarchy(from: document, name: input.name), format: .document)
    }

    /// The sections and their members, in the order written.
    static func parse(_ bytes: [UInt8], origin: String) throws(SourceLoadError) -> DocumentValue {
        var top: [(key: String, value: DocumentValue)] = []
        var section: (name: String, members: [(key: String, value: DocumentValue)])?
        let text = String(decoding: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes, as: UTF8.self)
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed()
            let content = String(line)
            if content.isEmpty || content.hasPrefix(";") || content.hasPrefix("#") { continue }
            if content.hasPrefix("[") {
                guard content.hasSuffix("]") else { throw SourceLoadError("\(origin):\(number + 1):1: invalid INI: a section header without ']'") }
                if let done = section { top.append((done.name, .object(done.members))) }
                section = (String(content.dropFirst().dropLast()).trimmed, [])
                continue
            }
            guard let separator = content.firstIndex(where: { $0 == "=" || $0 == ":" }) else {
                throw SourceLoadError("\(origin):\(number + 1):1: invalid INI: expected key = value, a [section] or a comment")
            }
            let key = String(content[..<separator]).trimmed
            var value = String(content[content.index(after: separator)...]).trimmed
            if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
                value = String(value.dropFirst().dropLast())
            }
            if section != nil { section!.members.append((key, .string(value))) } else { top.append((key, .string(value))) }
        }
        if let done = section { top.append((done.name, .object(done.members))) }
        return .object(top)
    }
}

private extension String {
    var trimmed: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
