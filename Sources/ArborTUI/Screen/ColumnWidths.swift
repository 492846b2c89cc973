import ArborCore

/// How the columns in view share the screen's width by need: the focused column and the one after it get room
/// for their titles up to a bound, the others narrow towards a minimum, and room to spare is shared.
/// A column's need is judged on its first items only, so it does not change while the focus moves within it.
struct ColumnWidths {
    /// The narrowest a column gets, its box included.
    static let minimum = 16
    /// The widest the focused column and the next get for their titles, its box included.
    static let bound = 60
    /// The widest the other columns stay.
    static let other = 24
    /// Items of a column whose titles are measured.
    static let sample = 64

    /// The widths of `columns` (indexes into the state's columns, left to right) in `width` cells.
    static func widths(_ state: BrowserState, columns: [Int], width: Int, fullCells: Bool) -> [Int] {
        guard !columns.isEmpty else { return [] }
        let chrome = 12 + (state.selection.mode == .none ? 0 : 2)
        let wanted = columns.map { column -> Int in
            let need = chrome + state.items(in: column).prefix(sample).reduce(0) { widest, item in
                let value = state.store.scalarText(of: item).map { DisplayWidth.of($0) + 2 } ?? 0
                let lines = fullCells ? state.store.lines(of: item) : (subtitle: "", body: "")
                let linesWidth = max(DisplayWidth.of(lines.subtitle), DisplayWidth.of(lines.body))
                return max(widest, DisplayWidth.of(state.store.title(of: item)) + value, linesWidth)
            }
            let isRoomy = column == state.focusedColumn || column == state.focusedColumn + 1
            return min(max(need, minimum), isRoomy ? bound : other)
        }
        var widths = wanted
        var excess = widths.reduce(0, +) - width
        // Too wide: the other columns narrow first, then every column, down to the minimum.
        for roomy in [false, true] where excess > 0 {
            for index in widths.indices.reversed() where excess > 0 {
                let column = columns[index]
                guard (column == state.focusedColumn || column == state.focusedColumn + 1) == roomy else { continue }
                let cut = min(excess, widths[index] - minimum)
                widths[index] -= cut
                excess -= cut
            }
        }
        // Room to spare goes to every column alike, the last taking the remainder.
        if excess < 0 {
            let share = -excess / widths.count
            for index in widths.indices { widths[index] += share }
            widths[widths.count - 1] += -excess - share * widths.count
        }
        return widths
    }
}
