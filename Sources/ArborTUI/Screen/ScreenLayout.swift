import ArborCore

/// Where everything of one frame goes, computed once from the state and the size, and used alike by the
/// painters, the mouse's hit-testing and the help's paging.
package struct ScreenLayout: Sendable, Hashable {
    /// Where one column is drawn: its box (borders included; the whole width in compact mode, without box) and
    /// the rows and cells inside.
    package struct ColumnFrame: Sendable, Hashable {
        /// The column's index in the state.
        package var column: Int
        /// The first cell of the frame, from the left.
        package var x: Int
        /// The cells the frame takes, borders included.
        package var width: Int
        /// The rightmost cell that still belongs to the column for the mouse (the icon is at its left).
        package var right: Int
        /// The first cell, from the left, that counts as the hierarchy icon of the column's cells for the mouse.
        package var iconLeft: Int { right - BrowserScreen.iconHitWidth }
    }

    /// A rectangle of cells, borders included.
    package struct Box: Sendable, Hashable {
        /// The first cell from the left.
        package var x: Int
        /// The first row from the top.
        package var y: Int
        /// The cells across.
        package var width: Int
        /// The rows down.
        package var height: Int
    }

    /// The cells across the frame.
    package var width: Int
    /// The rows down the frame.
    package var height: Int
    /// The sizes of the frame's parts.
    package var metrics: ScreenMetrics
    /// The columns on screen, left to right (one in compact mode; none in the outline).
    package var columns: [ColumnFrame]
    /// The row of the breadcrumb in compact mode.
    package var breadcrumbRow: Int?
    /// The row of the footer or the prompt.
    package var footerRow: Int
    /// Where the help's box goes when it is shown; nil when the screen is too small for it.
    package var helpBox: Box?
    /// Where the find's box of matches goes when it is shown; nil when the screen is too small for it.
    package var findBox: Box?
    /// Where the preview pane goes, its border included; nil when it is hidden or there is no room for it.
    package var previewBox: Box?
    /// The cells across and the rows down the hierarchy's part takes, its footer row included (the whole frame
    /// without a preview pane).
    package var hierarchySize: (width: Int, height: Int) {
        guard let box = previewBox else { return (width, height) }
        return box.x > 0 ? (box.x, height) : (width, box.y + 1)
    }

    /// How many lines of the help fit in its box.
    package var helpRoom: Int { helpBox.map { max(0, $0.height - 4) } ?? 0 }

    /// How many matches the find's box lists at once.
    package var findRows: Int { findBox.map { max(1, $0.height - 2) } ?? 1 }

    /// The column frame holding the cell at x, if any.
    package func column(at x: Int) -> ColumnFrame? {
        if metrics.isCompact { return columns.first }
        return columns.first { x >= $0.x && x < $0.x + $0.width }
    }
}

extension BrowserScreen {
    /// The layout of a frame of this size for this state; `header` makes room for the object header, `preview`
    /// for the preview pane where its window puts it, no wider than `previewFit` cells of text need.
    package func layout(for state: BrowserState, header: Bool = false, preview: PreviewWindow? = nil, previewFit: Int? = nil,
                        width: Int, height: Int) -> ScreenLayout {
        let box = preview.flatMap { previewBox($0, fit: previewFit, width: width, height: height) }
        var layout = ScreenLayout(
            width: width, height: height, metrics: ScreenMetrics(isCompact: true, columnSlots: 1, fullCells: false, contentTop: 0, contentHeight: 0),
            columns: [], breadcrumbRow: nil, footerRow: height - 1, helpBox: helpBox(width: width, height: height),
            findBox: findBox(width: width, height: height), previewBox: box)
        let part = layout.hierarchySize
        let frame = view(of: state.layout).frame(for: state, headerRows: headerRows(header, for: state, width: part.width, height: part.height), width: part.width, height: part.height)
        layout.metrics = frame.metrics
        layout.columns = frame.columns
        layout.breadcrumbRow = frame.breadcrumbRow
        return layout
    }

    /// The preview pane's box: on the right below the top line, or below the hierarchy above the footer; nil
    /// when the hierarchy would be left too little room. On the right it takes its share, or less when its text
    /// is narrower (`fit` cells), down to a quarter of the width, the columns taking the rest.
    private func previewBox(_ window: PreviewWindow, fit: Int?, width: Int, height: Int) -> ScreenLayout.Box? {
        switch window.side(width: width) {
        case .right:
            let share = width * window.percent / 100
            let paneWidth = fit.map { min(share, max($0 + 4, width / 4)) } ?? share
            guard paneWidth >= 8, width - paneWidth >= 20, height >= 5 else { return nil }
            return ScreenLayout.Box(x: width - paneWidth, y: 1, width: paneWidth, height: height - 2)
        case .down:
            let paneHeight = (height - 1) * window.percent / 100
            guard paneHeight >= 3, height - 1 - paneHeight >= 4, width >= 8 else { return nil }
            return ScreenLayout.Box(x: 0, y: height - 1 - paneHeight, width: width, height: paneHeight)
        }
    }

    /// The help's box: as wide as its widest line, as tall as its lines and frame, centred.
    private func helpBox(width: Int, height: Int) -> ScreenLayout.Box? {
        let boxWidth = min(width, helpSize.width + 4)
        let boxHeight = min(height, helpSize.lines + 4)
        guard boxWidth >= 4, boxHeight >= 3 else { return nil }
        return ScreenLayout.Box(x: (width - boxWidth) / 2, y: (height - boxHeight) / 2, width: boxWidth, height: boxHeight)
    }

    /// The find's box: most of the screen above the footer, centred.
    private func findBox(width: Int, height: Int) -> ScreenLayout.Box? {
        let boxWidth = min(width, max(40, width * 9 / 10))
        let boxHeight = min(height - 1, max(5, height * 4 / 5))
        guard boxWidth >= 10, boxHeight >= 4 else { return nil }
        return ScreenLayout.Box(x: (width - boxWidth) / 2, y: max(0, (height - 1 - boxHeight) / 2), width: boxWidth, height: boxHeight)
    }
}
