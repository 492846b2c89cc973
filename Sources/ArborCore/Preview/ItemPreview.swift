/// What a piece of preview text is, for its style.
public enum PreviewTone: UInt8, Sendable, Hashable {
    /// Text with no role of its own.
    case plain
    /// A heading: the item's title, a section's name.
    case heading
    /// A key or a field's name.
    case key
    /// A string value.
    case string
    /// A number.
    case number
    /// `true`, `false` or `null`.
    case literal
    /// Secondary text: sizes, counts, punctuation.
    case dim
    /// Something that went wrong.
    case error
}

/// A run of preview text in one tone.
public struct PreviewRun: Sendable, Hashable {
    /// The text; control characters in it are shown inert.
    public var text: String
    /// What it is.
    public var tone: PreviewTone

    /// Creates a run.
    public init(_ text: String, _ tone: PreviewTone = .plain) {
        self.text = text
        self.tone = tone
    }
}

/// One line of a preview.
public struct PreviewLine: Sendable, Hashable {
    /// The runs, left to right.
    public var runs: [PreviewRun]

    /// Creates a line.
    public init(_ runs: [PreviewRun]) {
        self.runs = runs
    }

    /// A line of one run.
    public init(_ text: String, _ tone: PreviewTone = .plain) {
        runs = [PreviewRun(text, tone)]
    }

    /// The line's text without its tones.
    public var text: String { runs.map(\.text).joined() }
}

/// What the preview pane shows of an item: lines of styled text, as many as were asked for.
public struct ItemPreview: Sendable, Hashable {
    /// The lines, from the top.
    public var lines: [PreviewLine]
    /// Whether long lines should wrap at the pane's width (a long string value) rather than be cut.
    public var wraps: Bool
    /// Whether more lines follow those given: asking for more shows more.
    public var isCut: Bool
    /// How many of the first lines are about the value (its comments, what an alias repeats), not the value.
    public var noteLines = 0

    /// Creates a preview.
    public init(lines: [PreviewLine], wraps: Bool = false, isCut: Bool = false) {
        self.lines = lines
        self.wraps = wraps
        self.isCut = isCut
    }

    /// The preview every item has: its title, the texts of its cell and each field with its value.
    public static func fields(of item: SourceItem) -> ItemPreview {
        let content = item.content
        var lines = [PreviewLine(content.title, .heading)]
        for text in [content.subtitle, content.body, content.status, content.description] where !text.isEmpty {
            lines.append(PreviewLine(text, .dim))
        }
        if let scalar = content.scalar {
            lines.append(PreviewLine(""))
            lines += scalar.text.split(separator: "\n", omittingEmptySubsequences: false).map {
                PreviewLine(String($0), scalar.kind == .string ? .string : scalar.kind == .number ? .number : .literal)
            }
            return ItemPreview(lines: lines, wraps: true)
        }
        if !content.fields.isEmpty { lines.append(PreviewLine("")) }
        let keyWidth = min(24, content.fields.map(\.name.count).max() ?? 0)
        for field in content.fields {
            let padding = String(repeating: " ", count: max(0, keyWidth - field.name.count))
            lines.append(PreviewLine([PreviewRun(field.name + padding, .key), PreviewRun("  "), PreviewRun(field.value)]))
        }
        if let count = item.childCount, count > 0 {
            lines += [PreviewLine(""), PreviewLine(count == 1 ? "1 child" : "\(count) children", .dim)]
        }
        return ItemPreview(lines: lines, wraps: true)
    }
}
