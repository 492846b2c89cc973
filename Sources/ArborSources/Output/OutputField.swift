import ArborCore

/// What is printed for a picked or listed item.
package enum OutputField: String, Sendable, CaseIterable {
    /// The item's id, byte for byte.
    case id
    /// The item's path: the original line for path lists, the titles from the root joined by `/` otherwise.
    case path
    /// The item's title.
    case title
    /// One JSON object per item: id, title, the path of titles from the root, and the item's fields (the item's
    /// own value, as written, for JSON Lines).
    case json
}

/// Formats items for stdout: what an item prints as, in the bytes the source gave.
package struct ItemFormatter: Sendable {
    /// What to print.
    package var field: OutputField
    /// Whether paths are the ids themselves (path lists, file systems).
    package var idsArePaths: Bool
    /// Whether a title is printed as a tree shows it to a person: a scalar's value after it (`name: tool`), and
    /// line breaks, tabs and other control characters written as escapes (`\n`, `\t`, `\u001b`), one item a line.
    package var showsValues = false
    /// Whether texts carry bytes that were not UTF-8 (names of files, lines of commands), written back as those
    /// bytes; otherwise a text is written as its UTF-8, whatever scalars it holds.
    package var textCarriesBytes = true

    /// Creates a formatter.
    package init(field: OutputField, idsArePaths: Bool) {
        self.field = field
        self.idsArePaths = idsArePaths
    }

    /// A formatter of what `opened` holds: `field`, or by default its paths where ids are paths and its ids
    /// otherwise.
    package init(field: OutputField?, of opened: OpenedSource) {
        self.init(field: field ?? (opened.idsArePaths ? .path : .id), idsArePaths: opened.idsArePaths)
        textCarriesBytes = opened.textCarriesBytes
    }

    /// The bytes written for a text of the source.
    package func bytes(_ text: String) -> [UInt8] {
        textCarriesBytes ? LosslessText.encode(text) : Array(text.utf8)
    }

    /// The bytes printed for an item, without a terminator; the item and its path of titles are asked of the
    /// source only when the output needs them.
    package func record(for id: String, in source: any HierarchySource) async throws -> [UInt8] {
        switch field {
        case .id:
            return record(for: SourceItem(id: id, content: ItemContent(title: ""), childCount: nil), titlePath: [])
        case .path where idsArePaths:
            return record(for: SourceItem(id: id, content: ItemContent(title: ""), childCount: nil), titlePath: [])
        case .title:
            return record(for: try await source.item(id), titlePath: [])
        case .json:
            if let texts = FormatCapabilities(of: source).jsonTexts, let text = try await texts.jsonText(of: id) { return text }
            return record(for: await WholeFields.of(try await source.item(id), in: source), titlePath: try await titlePath(of: id, in: source))
        case .path:
            return record(for: try await source.item(id), titlePath: try await titlePath(of: id, in: source))
        }
    }

    /// The bytes printed for an item whose content and path of titles (top first, the item last) are known.
    package func record(for item: SourceItem, titlePath: [String]) -> [UInt8] {
        switch field {
        case .id:
            return bytes(item.id)
        case .path:
            return bytes(idsArePaths ? item.id : TitlePath.text(titlePath))
        case .title where showsValues:
            let title = Self.visible(item.content.title)
            guard let value = item.content.scalar else { return bytes(title) }
            return bytes(title + ": " + Self.visible(value.text))
        case .title:
            return bytes(item.content.title)
        case .json:
            var text = "{\"id\":" + JSONText.quoted(item.id) + ",\"title\":" + JSONText.quoted(item.content.title)
            text += ",\"path\":[" + titlePath.map(JSONText.quoted).joined(separator: ",") + "]"
            text += ",\"fields\":{" + item.content.fields.map { JSONText.quoted($0.name) + ":" + JSONText.quoted($0.value) }
                .joined(separator: ",") + "}}"
            return Array(text.utf8)
        }
    }

    /// `text` with its control characters written as escapes, so that it stays on its line.
    static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
        return JSONText.escaped(text, asLiteral: false)
    }

    /// Whether records need the path of titles from the top.
    package var needsTitlePath: Bool { field == .json || (field == .path && !idsArePaths) }

    /// The titles from the top shown item down to the item (a virtual root is not part of it).
    package func titlePath(of id: String, in source: any HierarchySource) async throws -> [String] {
        let virtualRoot = try await source.root().flatMap { $0.isVirtual ? $0.id : nil }
        var titles: [String] = []
        var current: String? = id
        var seen: Set<String> = []
        while let itemID = current, itemID != virtualRoot, seen.insert(itemID).inserted {
            titles.append(try await source.item(itemID).content.title)
            current = try await source.parentID(of: itemID)
        }
        return titles.reversed()
    }

    /// The ids from the first shown item down to the item: the path that `--select` reveals.
    package static func idPath(of id: String, in source: any HierarchySource) async throws -> [String] {
        let root = try await source.root()
        let virtualRoot = root.flatMap { $0.isVirtual ? $0.id : nil }
        _ = try await source.item(id)
        var ids: [String] = []
        var current: String? = id
        var seen: Set<String> = []
        while let itemID = current, itemID != virtualRoot, seen.insert(itemID).inserted {
            ids.append(itemID)
            // A root with a parent (a directory's) ends the path: the reveal starts from what is shown.
            if itemID == root?.id { break }
            current = try await source.parentID(of: itemID)
        }
        return ids.reversed()
    }
}

/// JSON string literals for output.
enum JSONText {
    /// The text as a JSON string literal; raw bytes that were not UTF-8 become U+FFFD.
    static func quoted(_ text: String) -> String {
        "\"" + escaped(text, asLiteral: true) + "\""
    }

    /// Control characters written as JSON escapes (`\n`, `\u001b`); `asLiteral`, for the inside of a string
    /// literal, escapes `"` and `\` too and writes raw bytes that were not UTF-8 as U+FFFD.
    static func escaped(_ text: String, asLiteral: Bool) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"" where asLiteral: result += "\\\""
            case "\\" where asLiteral: result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            case _ where asLiteral && LosslessText.isEscape(scalar): result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
