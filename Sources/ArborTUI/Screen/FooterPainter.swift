import ArborCore

/// The footer: the level, the path from the root to the focus, the position in the column, and load state.
struct FooterPainter {
    let state: BrowserState
    /// The level the layout names before the path (`2/3 · `), or nothing.
    var level = ""
    /// The most pressing message, if any.
    var message: FooterMessage?
    /// Which frame of the spinner to show while something loads.
    let tick: Int
    /// Whether the source is still reading its input.
    var reading = false

    /// The frames of the loading spinner.
    static let spinner: [String] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// The left part, `2/3 · Plants › Hamburg Plant › Pump Station P-100`, losing titles from the root side
    /// (`2/3 · … › Pump Station P-100`) to fit `width`.
    func pathText(width: Int) -> String {
        guard !state.navigation.levels.isEmpty else { return "" }
        var titles = state.pathToFocus.map { state.store.title(of: $0) }
        var text = level + titles.joinedText(separator: " › ")
        while titles.count > 1, CellGrid.drawnWidth(of: text) > width {
            titles.removeFirst()
            text = level + "… › " + titles.joinedText(separator: " › ")
        }
        return text
    }

    /// The right part: `1 of 4`, then `loading…` (or `reading…` while the source reads on) or a message.
    var statusText: String {
        var parts: [String] = []
        if let position = state.focusPosition { parts.append("\(position.index + 1) of \(position.count)") }
        if state.selection.mode != .none { parts.append("\(state.selection.count) marked") }
        if state.showsLoading {
            parts.append(Self.spinner[tick % Self.spinner.count] + " loading…")
        } else if reading {
            parts.append(Self.spinner[tick % Self.spinner.count] + " reading…")
        }
        if let message { parts.append(message.text) }
        return parts.joinedText(separator: " · ")
    }

    func paint(row: Int, into grid: inout CellGrid) {
        guard row >= 1 else { return }
        let style = CellStyle(.footer)
        grid.fill(" ", x: 0, y: row, count: grid.width, style: style)
        let status = statusText
        let statusWidth = min(CellGrid.drawnWidth(of: status), max(0, grid.width - 2))
        let statusX = grid.width - 1 - statusWidth
        let statusRole: StyleRole = message?.kind.warns == true || state.loads.root.failureMessage != nil ? .error : .footer
        grid.write(status, x: statusX, y: row, limit: statusWidth, style: CellStyle(statusRole))
        let room = max(0, statusX - 2)
        grid.write(pathText(width: room), x: 1, y: row, limit: room, style: style)
    }
}
