import ArborCore

/// What the preview pane shows: lines, whether they wrap, whether more follow, and a note for its border
/// (`exit 1`, `cut at 1 MB`, `running…`).
package struct PreviewContent: Sendable, Hashable {
    /// The lines, from the top.
    package var lines: [StyledLine]
    /// Whether long lines wrap.
    package var wraps: Bool
    /// Whether more lines follow: scrolling near the end asks for them.
    package var isCut: Bool
    /// A note for the border.
    package var note: String?
    /// How many of the first lines are about the value (its comments), left out of a copy of it.
    package var noteLines = 0

    /// Creates content.
    package init(lines: [StyledLine], wraps: Bool = false, isCut: Bool = false, note: String? = nil) {
        self.lines = lines
        self.wraps = wraps
        self.isCut = isCut
        self.note = note
    }

    /// The cells its widest line takes, when it is short enough to be measured at every frame (256 lines, all
    /// read); nil for a longer one, which takes the pane's whole share. A line is measured no further than the
    /// widest screen shows (``measuredCells``).
    package var widestLine: Int? {
        guard !isCut, lines.count <= 256 else { return nil }
        return lines.reduce(0) { max($0, DisplayWidth.of(LongText.prefix($1.text, cells: Self.measuredCells))) }
    }

    /// The most cells of a line measured for the pane's width: more than any screen is wide.
    static let measuredCells = 1_024

    /// A source's preview.
    package init(_ preview: ItemPreview) {
        self.init(lines: preview.lines.map { StyledLine($0).expandingTabs() }, wraps: preview.wraps, isCut: preview.isCut)
        noteLines = preview.noteLines
    }
}

/// What the pane shows: the source's preview, the preview command's output, or the item's whole value.
package enum PreviewMode: Sendable, Hashable {
    /// The source's own preview.
    case builtIn
    /// The output of a command run for the focused item.
    case command(String)
}

/// A preview to make, taken by the run loop: the source's preview of an item, or a command's output.
package struct PreviewRequest: Sendable, Hashable {
    /// What the preview is for.
    package enum Purpose: Sendable, Hashable {
        /// The pane.
        case show
        /// The clipboard: the item's whole value.
        case copy
    }

    /// What the preview is for.
    package var purpose: Purpose = .show
    /// Tells the answer to this request from the answers to earlier ones.
    package var generation: Int
    /// The item.
    package var id: String
    /// What to show.
    package var mode: PreviewMode
    /// The lines wanted (the source's preview), or the pane's rows (told to the command).
    package var lines: Int
    /// The pane's width in cells, told to the command.
    package var columns: Int
    /// The values of the command's placeholders.
    package var placeholders: PlaceholderValues
}

/// The preview pane's state: shown or not, where, for which item, what it holds and how far it is scrolled.
package struct PreviewPane: Sendable, Hashable {
    /// Where and how.
    package var window: PreviewWindow
    /// Whether it is on screen.
    package var isShown: Bool
    /// The preview command (`--preview`), if one was given.
    package var command: String?
    /// Whether the pane shows the item's whole value instead of the command's output (until toggled back).
    package var showsValue = false
    /// The item the content is for.
    package var target: String?
    /// How the content was made.
    package var targetMode: PreviewMode?
    /// The item whose command waits for the focus to rest.
    package var awaiting: String?
    /// When the focus last moved to another item, on the controller's clock.
    package var lastMove = -Double.infinity
    /// What it shows; nil until the first answer.
    package var content: PreviewContent?
    /// The first row shown (rows are lines wrapped at the pane's width when they wrap).
    package var scroll = 0
    /// The number of the last request made.
    package var generation = 0
    /// Whether an answer is awaited.
    package var isLoading = false
    /// The lines last asked of the source.
    package var linesAsked = 0

    /// A pane shown or hidden as the window says, with a command or the built-in preview.
    package init(window: PreviewWindow, command: String?) {
        self.window = window
        self.command = command
        isShown = !window.hidden
    }

    /// What it shows now.
    package var mode: PreviewMode {
        if let command, !showsValue { return .command(command) }
        return .builtIn
    }
}
