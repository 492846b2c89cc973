import ArborCore

extension BrowserController {
    /// The pane's window while it is shown.
    var shownPreviewWindow: PreviewWindow? { preview.isShown ? preview.window : nil }

    /// The cells the built-in preview's text needs, which the pane narrows to; nil for a command's output (told
    /// the pane's width, it may fill whatever it is given) and for long text.
    var previewFit: Int? {
        guard preview.mode == .builtIn, let content = preview.content, preview.target == state.focusedItem.map({ state.store[$0].id }) else { return nil }
        return content.widestLine
    }

    /// The rows and cells of text the pane has room for, when it is on screen.
    var previewRoom: (width: Int, height: Int)? {
        layout.previewBox.map(PreviewPainter.room)
    }

    /// Asks for the focused item's preview when the pane shows another's: the source's at once, a command's
    /// once the focus rests.
    mutating func followFocusWithPreview() {
        guard preview.isShown, let room = previewRoom else { return }
        guard let item = state.focusedItem else {
            preview.content = nil
            preview.target = nil
            return
        }
        let id = state.store[item].id
        let mode = preview.mode
        guard preview.target != id || preview.targetMode != mode else { return }
        if case .command = mode, preview.target != nil {
            // A single move runs the command at once; moves in quick succession (a key held down) wait for the
            // focus to rest.
            let now = clock()
            let resting = now - preview.lastMove >= Self.quickSuccession
            if preview.awaiting != id { preview.lastMove = now }
            if resting, preview.awaiting != id { return requestPreview(of: id, mode: mode, lines: room.height * 2, room: room) }
            if preview.awaiting != id {
                preview.awaiting = id
                preview.isLoading = true
                pending.timers.insert(.previewRest)
            }
            return
        }
        requestPreview(of: id, mode: mode, lines: room.height * 2, room: room)
    }

    /// Seconds between two moves of the focus under which the second waits for the focus to rest.
    static let quickSuccession = 0.1

    /// The focus has rested: the command runs for the focused item if the pane does not show it yet.
    mutating func previewRested() {
        guard preview.isShown, let room = previewRoom, let item = state.focusedItem else { return }
        let id = state.store[item].id
        guard preview.target != id || preview.targetMode != preview.mode else { return }
        requestPreview(of: id, mode: preview.mode, lines: room.height * 2, room: room)
    }

    private mutating func requestPreview(of id: String, mode: PreviewMode, lines: Int, room: (width: Int, height: Int),
                                         keepScroll: Bool = false) {
        preview.generation += 1
        preview.awaiting = nil
        if !keepScroll { preview.scroll = 0 }
        preview.target = id
        preview.targetMode = mode
        preview.isLoading = true
        preview.linesAsked = lines
        if !keepScroll, preview.content != nil, case .builtIn = mode { preview.content = nil }
        pending.previews.append(PreviewRequest(generation: preview.generation, id: id, mode: mode, lines: lines,
                                              columns: room.width, placeholders: placeholderValues()))
    }

    /// Applies a preview made: shown when it answers the latest request, put on the clipboard when asked for that.
    mutating func receivePreview(_ answer: PreviewAnswer) {
        if answer.purpose == .copy {
            let copied = answer.content.lines.dropFirst(answer.content.noteLines)
            pending.clipboard = LosslessText.encode(copied.map(\.text).joined(separator: "\n"))
            let lines = copied.count == 1 ? "1 line" : "\(copied.count) lines"
            chrome.note = answer.content.isCut ? "copied the value cut short (\(lines))" : "copied value (\(lines))"
            return
        }
        guard answer.generation == preview.generation else { return }
        preview.content = answer.content
        if answer.isFinal { preview.isLoading = false }
    }

    /// Scrolls the pane by rows (a page when `pages`), asking the source for more lines near the end of a cut preview.
    mutating func scrollPreview(by step: Int, pages: Bool = false) {
        guard preview.isShown, let room = previewRoom, let content = preview.content else { return }
        let rows = pages ? step * max(1, room.height - 1) : step
        let wraps = content.wraps || preview.window.wrap
        let wanted = max(0, preview.scroll + rows)
        // Two pages from the rows wanted: when they reach the last row, the end of the lines made is near.
        let ahead = PreviewPainter.rows(of: content, wraps: wraps, width: room.width, from: wanted, count: room.height * 2)
        preview.scroll = max(0, min(wanted, ahead.seen - 1))
        if content.isCut, !preview.isLoading, case .builtIn = preview.mode, let id = preview.target, ahead.reachesEnd {
            requestPreview(of: id, mode: .builtIn, lines: preview.linesAsked * 2, room: room, keepScroll: true)
        }
    }

    /// Shows or hides the pane.
    mutating func togglePreview() {
        preview.isShown.toggle()
        if preview.isShown { preview.target = nil }
    }

    /// Shows the focused item's whole value in the pane, or the command's output again.
    mutating func toggleValue() {
        guard preview.command != nil else { return togglePreview() }
        if !preview.isShown {
            togglePreview()
            preview.showsValue = true
        } else {
            preview.showsValue.toggle()
        }
    }

    /// Changes the pane's window as `change-preview-window(…)` spells it.
    mutating func changePreviewWindow(_ spec: String) {
        guard let window = try? PreviewWindow(parsing: spec, over: PreviewWindow(side: preview.window.side, percent: preview.window.percent,
                                                                                 wrap: preview.window.wrap)) else { return }
        preview.window = window
        preview.isShown = !window.hidden
        preview.target = nil
    }

    /// Puts the focused item's value on the clipboard: a scalar whole, a container as its preview prints it (up to
    /// ``copiedLines`` lines), once the source has given it.
    mutating func copyValue() {
        guard let item = state.focusedItem else { return }
        if let scalar = state.store[item].content?.scalar {
            pending.clipboard = LosslessText.encode(scalar.text)
            chrome.note = "copied value “" + scalar.text.prefix(60) + (scalar.text.dropFirst(60).isEmpty ? "”" : "…”")
            return
        }
        var request = PreviewRequest(generation: preview.generation, id: state.store[item].id, mode: .builtIn, lines: Self.copiedLines,
                                     columns: 80, placeholders: PlaceholderValues())
        request.purpose = .copy
        pending.previews.append(request)
    }

    /// The most lines of a value put on the clipboard.
    static let copiedLines = 100_000
}
