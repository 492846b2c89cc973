import ArborCore

/// How the hierarchy's part of the frame shows one layout of the navigation: its geometry, its drawing, what
/// is under a cell and the level it names in the footer. The screen picks the view of the state's layout once
/// and asks it alone.
protocol HierarchyView {
    /// The sizes of the frame's parts, the columns on screen and the breadcrumb's row, for `headerRows` of
    /// object header.
    func frame(for state: BrowserState, headerRows: Int, width: Int, height: Int)
        -> (metrics: ScreenMetrics, columns: [ScreenLayout.ColumnFrame], breadcrumbRow: Int?)
    /// Draws the hierarchy where `layout` puts it.
    func paint(_ state: BrowserState, layout: ScreenLayout, search: TextMatcher?, spinnerFrame: String, into grid: inout CellGrid)
    /// What is under the cell at (x, y), in the hierarchy's part of the frame.
    func target(at x: Int, y: Int, state: BrowserState, layout: ScreenLayout) -> ScreenTarget?
    /// The level the footer names before the path (`2/3 · `), if the view has levels side by side.
    func levelLabel(_ state: BrowserState) -> String
}

extension BrowserScreen {
    /// The view that shows a layout.
    func view(of layout: Layout) -> any HierarchyView {
        switch layout {
        case .columns: ColumnsView(screen: self)
        case .outline: OutlineView()
        }
    }
}
