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
    /// `memo` keeps what was measured of each column for the next frames.
    static func widths(_ state: BrowserState, columns: [Int], width: Int, fullCells: Bool, memo: ColumnWidthMemo) -> [Int] {
        guard !columns.isEmpty else { return [] }
        let chrome = 12 + (state.selection.mode == .none ? 0 : 2)
        let wanted = columns.map { column -> Int in
            let isRoomy = column == state.navigation.focusedLevel || column == state.navigation.focusedLevel + 1
            let cap = isRoomy ? bound : other
            return min(max(chrome + widestText(state, column: column, fullCells: fullCells, enough: cap - chrome, memo: memo), minimum), cap)
        }
        var widths = wanted
        var excess = widths.reduce(0, +) - width
        // Too wide: the other columns narrow first, then every column, down to the minimum.
        for roomy in [false, true] where excess > 0 {
            for index in widths.indices.reversed() where excess > 0 {
                let column = columns[index]
                guard (column == state.navigation.focusedLevel || column == state.navigation.focusedLevel + 1) == roomy else { continue }
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

    /// The widest text of a column's first items, in cells, measured no further than `enough`, or as `memo` kept it.
    private static func widestText(_ state: BrowserState, column: Int, fullCells: Bool, enough: Int, memo: ColumnWidthMemo) -> Int {
        let items = state.items(in: column)
        return memo.widest(under: state.navigation.levels[column].parent, items: items, sample: sample, store: state.store,
                           fullCells: fullCells, enough: enough) {
            measure(items, in: state.store, fullCells: fullCells, enough: enough)
        }
    }

    /// The widest text of the first items and how many items were looked at, stopping once it reaches `enough`. A text
    /// of no more UTF-8 bytes than the widest so far is not measured: no character takes more cells than bytes.
    private static func measure(_ items: ChildList, in store: NodeStore, fullCells: Bool, enough: Int)
        -> (widest: Int, looked: Int) {
        var widest = 0
        var looked = 0
        for item in items.prefix(sample) {
            looked += 1
            let title = store.title(of: item)
            if let value = store.scalarText(of: item, cells: enough) {
                if title.utf8.count + value.utf8.count + 2 > widest { widest = max(widest, DisplayWidth.of(title) + DisplayWidth.of(value) + 2) }
            } else if title.utf8.count > widest {
                widest = max(widest, DisplayWidth.of(title))
            }
            if fullCells {
                let lines = store.lines(of: item)
                let (subtitle, body) = (LongText.prefix(lines.subtitle, cells: enough), LongText.prefix(lines.body, cells: enough))
                if subtitle.utf8.count > widest { widest = max(widest, DisplayWidth.of(subtitle)) }
                if body.utf8.count > widest { widest = max(widest, DisplayWidth.of(body)) }
            }
            if widest >= enough { break }
        }
        return (widest, looked)
    }
}
