/// A document member's value pretty-printed as JSON from the source, a page of children at a time, stopping at
/// the lines asked for: a large value costs what the pane shows, not its size.
package struct DocumentPreview {
    let reader: any PreviewReading
    /// The most lines made.
    let limit: Int
    private var lines: [PreviewLine] = []
    private var isCut = false

    /// A preview of at most `limit` lines reading the source's items whole.
    init(source: any HierarchySource, limit: Int) {
        self.init(reader: WholeValueReading(source: source), limit: limit)
    }

    /// A preview of at most `limit` lines reading items through `reader`, which may cut long values.
    package init(reader: any PreviewReading, limit: Int) {
        self.reader = reader
        self.limit = max(1, limit)
    }

    /// The most bytes of one value that `limit` lines show, wrapped (``cellsPerRow`` cells a row, two
    /// characters a cell at most with their marks, four bytes a character): a value is read no further.
    var valueBytes: Int { limit * Self.cellsPerRow * 8 + 64 }

    /// The value of the item: a scalar as its lines (a long string is wrapped by the pane), a container as JSON.
    package func preview(of id: String) async throws -> ItemPreview {
        var item = try await reader.item(id, valueBytes: valueBytes)
        // Above the value, as lines of notes: the comments written at it, and what an alias repeats (shown).
        var notes: [PreviewLine] = []
        if !item.content.description.isEmpty {
            notes = item.content.description.split(separator: "\n", omittingEmptySubsequences: false).map { PreviewLine("# " + $0, .dim) }
        }
        if let link = item.content.link, let scalar = item.content.scalar {
            notes.append(PreviewLine(scalar.text + " repeats " + (link.isEmpty ? "/" : link) + ":", .dim))
            item = try await reader.item(link, valueBytes: valueBytes)
        }
        var preview: ItemPreview
        if let scalar = item.content.scalar {
            let (lines, isCut) = Self.scalarLines(scalar, limit: limit, valueBytes: valueBytes)
            preview = ItemPreview(lines: notes + lines, wraps: true, isCut: isCut)
        } else {
            var printer = self
            printer.lines = notes
            try await printer.print(item, key: nil, indent: 0, last: true)
            preview = ItemPreview(lines: printer.lines, isCut: printer.isCut)
        }
        preview.noteLines = notes.count
        return preview
    }

    /// A scalar's first `limit` lines: a string's own lines, unquoted; anything else as it is. Cut when more
    /// follow, a line past what `limit` wrapped rows show of it (``cellsPerRow`` a row), and the value past
    /// `valueBytes` (read cut there): a value of a million lines, or of one line of megabytes, costs what is shown.
    static func scalarLines(_ scalar: ScalarValue, limit: Int, valueBytes: Int) -> (lines: [PreviewLine], isCut: Bool) {
        let text = LongText.prefix(scalar.text, bytes: valueBytes)
        var lines: [PreviewLine] = []
        var start = text.utf8.startIndex
        var isCut = text.utf8.count < scalar.text.utf8.count
        func add(_ end: String.Index) {
            let line = LongText.prefix(Substring(text.utf8[start..<end]), cells: limit * cellsPerRow)
            isCut = isCut || line.utf8.count < text.utf8.distance(from: start, to: end)
            lines.append(PreviewLine(line, tone(of: scalar.kind)))
        }
        while lines.count < limit {
            // A line ends at a line feed that is not the end of a CR LF (one character, as the lines are read).
            var end = text.utf8[start...].firstIndex(of: 0x0A)
            while let found = end, found > text.utf8.startIndex, text.utf8[text.utf8.index(before: found)] == 0x0D {
                end = text.utf8[text.utf8.index(after: found)...].firstIndex(of: 0x0A)
            }
            guard let end else {
                add(text.utf8.endIndex)
                return (lines, isCut)
            }
            add(end)
            start = text.utf8.index(after: end)
        }
        return (lines, true)
    }

    /// The most cells of a row a pane wraps a line into, for cutting a long line past what it shows.
    static let cellsPerRow = 512

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
            let shown = LongText.prefix(LongText.prefix(scalar.text, bytes: valueBytes), cells: limit * Self.cellsPerRow)
            if shown.utf8.count < scalar.text.utf8.count { isCut = true }
            let text = scalar.kind == .string ? Self.quoted(shown) : shown
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
            let page = try await reader.children(of: item.id, in: start..<min(count, start + max(16, limit - lines.count)),
                                                 valueBytes: valueBytes)
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
