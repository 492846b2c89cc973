import ArborCore

/// Renders the browser state into a grid: header, columns or the compact breadcrumb view, footer, help.
package struct BrowserScreen: Sendable {
    /// The frames of the loading spinner, one every `BrowserRunLoop.spinnerInterval`.
    package static var spinner: [String] { FooterPainter.spinner }

    /// The narrowest a column may be, its border included.
    package static let minimumColumnWidth = 28
    /// The source's name for the header.
    package var sourceName: String
    /// The bindings listed by the help overlay.
    package var keyMap: KeyMap
    /// The cell style.
    package var cellMode: CellMode
    /// A standing notice for the footer, such as problems found in the data.
    package var notice: String?

    /// Creates a screen.
    package init(sourceName: String, keyMap: KeyMap = .standard, cellMode: CellMode = .auto, notice: String? = nil) {
        self.sourceName = sourceName
        self.keyMap = keyMap
        self.cellMode = cellMode
        self.notice = notice
    }

    /// The geometry of a frame of this size for this state; `header` makes room for the object header.
    package func metrics(for state: BrowserState, header: Bool = false, width: Int, height: Int) -> ScreenMetrics {
        let slots = max(1, width / Self.minimumColumnWidth)
        let headerRows = header && height - HeaderPainter.height >= 8 ? HeaderPainter.height : 0
        if state.layout == .outline {
            return ScreenMetrics(isCompact: slots < 2, columnSlots: 1, fullCells: false, contentTop: 1 + headerRows,
                                 contentHeight: max(0, height - 2 - headerRows), headerRows: headerRows)
        }
        let isCompact = slots < 2
        return ScreenMetrics(
            isCompact: isCompact, columnSlots: isCompact ? 1 : slots, fullCells: usesFullCells(state, slots: slots),
            contentTop: 2 + headerRows, contentHeight: max(0, height - (isCompact ? 3 : 4) - headerRows), headerRows: headerRows)
    }

    /// Whether the columns in view have subtitles or bodies (judged on their first items, so the cost is
    /// bounded); documents are single-line from the start (``CellMode/resolved(for:)``).
    private func usesFullCells(_ state: BrowserState, slots: Int) -> Bool {
        switch cellMode {
        case .full: return true
        case .single: return false
        case .auto:
            guard !state.columns.isEmpty else { return false }
            let visible = state.columnOffset..<min(state.columns.count, state.columnOffset + slots)
            return visible.contains { column in
                state.items(in: column).prefix(64).contains { state.store[$0].content?.hasDetailLines == true }
            }
        }
    }

    /// Draws a whole frame where `layout` puts its parts: the layout of this state, computed once for the turn.
    package func render(_ state: BrowserState, chrome: ScreenChrome = ScreenChrome(), tick: Int = 0, layout: ScreenLayout) -> CellGrid {
        var grid = CellGrid(width: layout.width, height: layout.height)
        guard layout.width > 0, layout.height > 0 else { return grid }
        let metrics = layout.metrics
        drawHeader(into: &grid, compact: metrics.isCompact, selection: state.selection.mode)
        if metrics.headerRows > 0 {
            HeaderPainter(content: state.focusedItem.flatMap { state.store[$0].content }, page: chrome.headerPage)
                .paint(y: 1, compact: metrics.isCompact, into: &grid)
        }
        if state.layout == .outline {
            OutlinePainter(state: state, search: chrome.search, spinnerFrame: FooterPainter.spinner[tick % FooterPainter.spinner.count])
                .paint(y: metrics.contentTop, height: metrics.contentHeight, into: &grid)
        } else if state.columns.isEmpty {
            drawRootState(state, into: &grid)
        } else if metrics.isCompact {
            drawCompact(state, layout: layout, search: chrome.search, frame: FooterPainter.spinner[tick % FooterPainter.spinner.count], into: &grid)
        } else {
            drawColumns(state, layout: layout, search: chrome.search, frame: FooterPainter.spinner[tick % FooterPainter.spinner.count], into: &grid)
        }
        let message = FooterMessage.shown(state: state, chrome: chrome, notice: notice)
        if let prompt = chrome.prompt {
            PromptPainter(prompt: prompt, message: message.flatMap { $0.kind >= .event ? $0.text : nil }).paint(row: layout.footerRow, into: &grid)
        } else {
            FooterPainter(state: state, message: message, tick: tick, reading: chrome.sourceIsReading).paint(row: layout.footerRow, into: &grid)
        }
        if let find = state.find, chrome.prompt?.kind == .find, let box = layout.findBox {
            FindOverlay(find: find).paint(in: box, into: &grid)
        }
        if chrome.showsHelp, let box = layout.helpBox {
            HelpOverlay(keyMap: keyMap, scroll: chrome.helpScroll).paint(in: box, into: &grid)
        }
        return grid
    }

    private func drawHeader(into grid: inout CellGrid, compact: Bool, selection: SelectionMode) {
        let picking = selection != .none
        let hint = compact ? "?" : picking ? "Space marks · Enter accepts · ? help" : "? help"
        let mode = selection == .single ? " · pick one" : selection == .multiple ? " · pick many" : ""
        grid.fill(" ", x: 0, y: 0, count: grid.width, style: CellStyle(.header))
        let hintWidth = DisplayWidth.of(hint)
        grid.write(hint, x: max(0, grid.width - hintWidth - 1), y: 0, limit: hintWidth, style: CellStyle(.header))
        grid.write(sourceName + mode, x: 1, y: 0, limit: max(0, grid.width - hintWidth - 3), style: CellStyle(.header))
    }

    private func drawRootState(_ state: BrowserState, into grid: inout CellGrid) {
        let (text, role): (String, StyleRole) =
            if let failure = state.rootLoad.failureMessage { ("⚠ " + failure, .error) }
            else if state.rootLoad == .loaded { ("(empty hierarchy)", .dim) }
            else { ("loading…", .dim) }
        grid.write(text, x: 1, y: min(2, grid.height - 1), limit: grid.width - 2, style: CellStyle(role))
    }

    /// The title above a column: its parent's, or the source's name at the top.
    func columnTitle(_ state: BrowserState, column: Int) -> String {
        let parent = state.columns[column].parent
        if parent == NodeStore.top || (state.rootIsVirtual && parent == state.root) { return sourceName }
        return state.store[parent].title
    }

    private func drawColumns(_ state: BrowserState, layout: ScreenLayout, search: TextMatcher?, frame: String, into grid: inout CellGrid) {
        let metrics = layout.metrics
        let top = metrics.contentTop - 1
        let boxHeight = metrics.contentHeight + 2
        guard boxHeight >= 2 else { return }
        for place in layout.columns {
            let index = place.column
            grid.drawBox(x: place.x, y: top, width: place.width, height: boxHeight, title: columnTitle(state, column: index),
                         titleStyle: CellStyle(.columnTitle, highlighted: index == state.focusedColumn))
            ColumnPainter(state: state, index: index, metrics: metrics, search: search, spinnerFrame: frame)
                .paint(x: place.x + 1, y: top + 1, width: place.width - 2, height: boxHeight - 2, separatorInset: 0, into: &grid)
        }
    }

    private func drawCompact(_ state: BrowserState, layout: ScreenLayout, search: TextMatcher?, frame: String, into grid: inout CellGrid) {
        let metrics = layout.metrics
        let column = state.focusedColumn
        let before = column > 0 || state.mayHaveLevelBeforeFirst
        let after = column + 1 < state.columns.count
        BreadcrumbPainter(title: columnTitle(state, column: column), hasLevelBefore: before, hasLevelAfter: after)
            .paint(row: layout.breadcrumbRow ?? metrics.contentTop - 1, into: &grid)
        ColumnPainter(state: state, index: column, metrics: metrics, search: search, spinnerFrame: frame)
            .paint(x: 0, y: metrics.contentTop, width: grid.width, height: metrics.contentHeight, separatorInset: 1, into: &grid)
    }
}
