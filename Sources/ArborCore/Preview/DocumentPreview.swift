/// A document member's value pretty-printed as JSON from the source, a page of children at a time, stopping at
/// the lines asked for: a large value costs what the pane shows, not its size.
struct DocumentPreview {
    let source: any HierarchySource
    /// The most lines made.
    let limit: Int
    private var lines: [PreviewLine] = []
    private var isCut = false

    init(source: any HierarchySource, limit: Int) {
        self.source = source
        self.limit = max(1, limit)
    }

    /// The value of the item, a scalar whole (a long string is wrapped by the pane), a container as JSON.
    func preview(of id: String) async throws -> ItemPreview {
        var item = try await source.item(id)
        // Above the value, as lines of notes: the comments written at it, and what an alias repeats (shown).
        var notes: [PreviewLine] = []
        if !item.content.description.isEmpty {
            notes = item.content.description.split(separator: "\n", omittingEmptySubsequences: false).map { PreviewLine("# " + $0, .dim) }
        }
        if let link = item.content.link, let scalar = item.content.scalar {
            notes.append(PreviewLine(scalar.text + " repeats " + (link.isEmpty ? "/" : link) + ":", .dim))
            item = try await source.item(link)
        }
        var preview: ItemPreview
        if let scalar = item.content.scalar {
            preview = ItemPreview(lines: notes + Self.scalarLines(scalar), wraps: true)
        } else {
            var printer = self
            printer.lines = notes
            try await printer.print(item, key: nil, indent: 0, last: true)
            preview = ItemPreview(lines: printer.lines, isCut: printer.isCut)
        }
        preview.noteLines = notes.count
        return preview
    }

    /// A scalar's lines: a string's own lines, unquoted; anything else as it is.
    static func scalarLines(_ scalar: ScalarValue) -> [PreviewLine] {
        scalar.text.split(separator: "\n", omittingEmptySubsequences: false).map { PreviewLine(String($0), tone(of: scalar.kind)) }
    }

    private static func tone(of kind: ScalarValue.Kind) -> PreviewTone {
        switch kind {
        case .string: return .string
        case .number: return .number
        case .boolean, .null, .alias: return .literal
        }
    }

    private var isFull: Bool { lines.count >= limit }

    private mutating func add(_ runs: [PreviewRun]) {
        if isFull {
            isCut = true
        } else {
            lines.append(PreviewLine(runs))
        }
    }

    /// Prints a value and, for a container, its members until the lines run out.
    private mutating func print(_ item: SourceItem, key: String?, indent: Int, last: Bool) async throws {
        let lead = [PreviewRun(String(repeating: "  ", count: indent))] + (key.map { [PreviewRun(Self.quoted($0), .key), PreviewRun(": ", .dim)] } ?? [])
        let comma = last ? [] : [PreviewRun(",", .dim)]
        if let scalar = item.content.scalar {
            let text = scalar.kind == .string ? Self.quoted(scalar.text) : scalar.text
            return add(lead + [PreviewRun(text, Self.tone(of: scalar.kind))] + comma)
        }
        let isObject = !item.content.isArray
        let (open, close) = isObject ? ("{", "}") : ("[", "]")
        // A document source counts every container's members.
        guard let count = item.childCount, count > 0 else { return add(lead + [PreviewRun(open + close, .dim)] + comma) }
        add(lead + [PreviewRun(open, .dim)])
        var start = 0
        var gaveMore = true
        while gaveMore, start < count, !isFull {
            let page = try await source.children(of: item.id, in: start..<min(count, start + max(16, limit - lines.count)))
            for (offset, child) in page.enumerated() where !isFull {
                try await print(child, key: isObject ? child.content.title : nil, indent: indent + 1, last: start + offset == count - 1)
            }
            start += page.count
            gaveMore = !page.isEmpty
        }
        if start < count { isCut = true }
        add([PreviewRun(String(repeating: "  ", count: indent)), PreviewRun(close, .dim)] + comma)
    }

    /// Text as a JSON string literal.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
