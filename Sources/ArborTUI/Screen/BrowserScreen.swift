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
    package var keyMap: KeyMap {
        didSet { helpSize = Self.helpSize(of: keyMap) }
    }
    /// The width of the help's widest line and its number of lines, measured once for the key map (the layout
    /// of every frame places the help's box).
    private(set) var helpSize: (width: Int, lines: Int)
    /// The cell style.
    package var cellMode: CellMode
    /// A standing notice for the footer, such as problems found in the data.
    package var notice: String?
    /// The object header's split and rows.
    package var headerLayout = HeaderLayout()
    /// The object cells of the last frame, copied into the next where they are drawn the same.
    package let cellMemo: CellPaintMemo
    /// What was measured of the columns' texts in the last frames, for the columns' widths.
    package let widthMemo = ColumnWidthMemo()
    /// The last frame, drawn over by the next one of the same shape.
    package let frameMemo = FrameMemo()

    /// Creates a screen.
    package init(sourceName: String, keyMap: KeyMap = .standard, cellMode: CellMode = .auto, notice: String? = nil,
                 cellRenderer: (any CellRenderer)? = nil) {
        cellMemo = CellPaintMemo(renderer: cellRenderer)
        self.sourceName = sourceName
        self.keyMap = keyMap
        helpSize = Self.helpSize(of: keyMap)
        self.cellMode = cellMode
        self.notice = notice
    }

    private static func helpSize(of keyMap: KeyMap) -> (width: Int, lines: Int) {
        let lines = HelpOverlay(keyMap: keyMap).lines
        return (lines.map(DisplayWidth.of).max() ?? 0, lines.count)
    }

    /// The rows the object header takes when it is shown, its separator included: none when the screen is too
    /// short for it.
    func headerRows(_ header: Bool, for state: BrowserState, width: Int, height: Int) -> Int {
        guard header else { return 0 }
        let content = state.focusedItem.flatMap { state.store[$0].content }
        let rows = HeaderPainter.textRows(for: content, layout: headerLayout, width: width, compact: width < Self.minimumColumnWidth * 2) + 1
        return height - rows >= 8 ? rows : 0
    }

    /// Draws a whole frame where `layout` puts its parts: the layout of this state, computed once for the turn.
    package func render(_ state: BrowserState, chrome: ScreenChrome = ScreenChrome(), tick: Int = 0, layout: ScreenLayout,
                        preview: PreviewPane? = nil) -> CellGrid {
        guard layout.width > 0, layout.height > 0 else { return CellGrid(width: layout.width, height: layout.height) }
        var grid = frameMemo.begin(shape: frameShape(state, chrome: chrome, layout: layout), width: layout.width, height: layout.height)
        defer { frameMemo.finish(grid) }
        cellMemo.beginFrame()
        let metrics = layout.metrics
        if let box = layout.previewBox {
            let size = layout.hierarchySize
            var part = CellGrid(width: size.width, height: size.height)
            var partLayout = layout
            (partLayout.width, partLayout.height, partLayout.footerRow) = (size.width, size.height, size.height - 1)
            paintHierarchy(state, chrome: chrome, tick: tick, layout: partLayout, into: &part)
            grid.paste(part, rows: size.height - 1)
            if let preview { PreviewPainter(pane: preview, title: previewTitle(preview, state: state)).paint(in: box, into: &grid) }
        } else {
            paintHierarchy(state, chrome: chrome, tick: tick, layout: layout, into: &grid)
        }
        drawHeader(into: &grid, compact: metrics.isCompact, selection: state.selection.mode, marked: state.selection.count)
        let message = FooterMessage.shown(state: state, chrome: chrome, notice: notice)
        if let prompt = chrome.prompt {
            PromptPainter(prompt: prompt, message: message.flatMap { $0.kind >= .event ? $0.text : nil }).paint(row: layout.footerRow, into: &grid)
        } else {
            let level = view(of: state.layout).levelLabel(state)
            FooterPainter(state: state, level: level, message: message, tick: tick, reading: chrome.sourceIsReading).paint(row: layout.footerRow, into: &grid)
        }
        if let find = state.finding.open, chrome.prompt?.kind == .find, let box = layout.findBox {
            FindOverlay(find: find).paint(in: box, into: &grid)
        }
        if chrome.showsHelp, let box = layout.helpBox {
            HelpOverlay(keyMap: keyMap, scroll: chrome.helpScroll).paint(in: box, into: &grid)
        }
        return grid
    }

    /// The shape of a frame that may be drawn over the last one of the same shape: columns, without an overlay or
    /// a preview pane; nil for a frame drawn whole.
    private func frameShape(_ state: BrowserState, chrome: ScreenChrome, layout: ScreenLayout) -> FrameMemo.Shape? {
        let overlaid = layout.previewBox != nil || chrome.showsHelp || (state.finding.open != nil && chrome.prompt?.kind == .find)
        guard !overlaid, state.layout == .columns, !state.navigation.levels.isEmpty else { return nil }
        return FrameMemo.Shape(width: layout.width, height: layout.height, metrics: layout.metrics, columns: layout.columns,
                               breadcrumbRow: layout.breadcrumbRow)
    }

    /// The object header and the hierarchy's view, where `layout` puts them.
    private func paintHierarchy(_ state: BrowserState, chrome: ScreenChrome, tick: Int, layout: ScreenLayout, into grid: inout CellGrid) {
        if layout.metrics.headerRows > 0 {
            let focused = state.focusedItem
            HeaderPainter(content: focused.flatMap { state.store[$0].content }, page: chrome.headerPage, layout: headerLayout,
                          id: focused.map { state.store.id(of: $0) } ?? "", renderer: cellMemo.renderer)
                .paint(y: 1, rows: layout.metrics.headerRows - 1, compact: layout.metrics.isCompact, into: &grid)
        }
        view(of: state.layout).paint(state, layout: layout, search: chrome.search,
                                     spinnerFrame: FooterPainter.spinner[tick % FooterPainter.spinner.count], into: &grid)
    }

    /// The pane's title: the command it runs, or what it shows of the focused item.
    private func previewTitle(_ pane: PreviewPane, state: BrowserState) -> String {
        if case .command(let command) = pane.mode { return command }
        let title = state.focusedItem.map { state.store[$0].title } ?? ""
        return pane.command != nil ? "value of " + title : title
    }

    private func drawHeader(into grid: inout CellGrid, compact: Bool, selection: SelectionMode, marked: Int) {
        let picking = selection != .none
        // While marks exist Enter accepts them rather than opening the focused item: said, with how to open it.
        let hint = compact ? "?" : marked > 0 ? "Enter accepts \(marked) marked · → opens · ? help"
            : picking ? "Space marks · Enter accepts · ? help" : "? help"
        let mode = selection == .single ? " · pick one" : selection == .multiple ? " · pick many" : ""
        grid.fill(" ", x: 0, y: 0, count: grid.width, style: CellStyle(.header))
        let hintWidth = DisplayWidth.of(hint)
        grid.write(hint, x: max(0, grid.width - hintWidth - 1), y: 0, limit: hintWidth, style: CellStyle(.header))
        grid.write(sourceName + mode, x: 1, y: 0, limit: max(0, grid.width - hintWidth - 3), style: CellStyle(.header))
    }
}
