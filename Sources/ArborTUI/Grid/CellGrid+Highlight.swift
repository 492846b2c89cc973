import ArborCore

extension CellGrid {
    /// Marks the cells of the first match of `matcher` in `text`, drawn from `x` over `written` cells, as a match.
    mutating func highlight(_ matcher: TextMatcher?, in text: String, x: Int, y: Int, written: Int) {
        guard let matcher, !matcher.query.isEmpty, let range = matcher.range(in: text) else { return }
        let start = CellGrid.drawnWidth(of: String(text[..<range.lowerBound]))
        let length = CellGrid.drawnWidth(of: String(text[range]))
        let truncated = CellGrid.drawnWidth(of: text) > written
        let end = min(start + length, truncated ? written - 1 : written)
        guard end > start else { return }
        restyle(x: x + start, y: y, count: end - start) { $0.role = .match }
    }
}
