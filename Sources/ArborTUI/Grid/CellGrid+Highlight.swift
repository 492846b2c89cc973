import ArborCore

extension CellGrid {
    /// Marks the cells of the characters of `text` that `matcher` matched, drawn from `x` over `written` cells.
    mutating func highlight(_ matcher: TextMatcher?, in text: String, x: Int, y: Int, written: Int) {
        guard let matcher, !matcher.isEmpty else { return }
        highlight(matcher.ranges(in: text), in: text, x: x, y: y, written: written)
    }

    /// Marks the cells of these stretches of `text`, drawn from `x` over `written` cells, as a match.
    mutating func highlight(_ ranges: [Range<String.Index>], in text: String, x: Int, y: Int, written: Int) {
        guard !ranges.isEmpty else { return }
        let truncated = CellGrid.drawnWidth(of: text) > written
        for range in ranges { highlight(range, in: text, x: x, y: y, written: truncated ? written - 1 : written) }
    }

    private mutating func highlight(_ range: Range<String.Index>, in text: String, x: Int, y: Int, written: Int) {
        let start = CellGrid.drawnWidth(of: String(text[..<range.lowerBound]))
        let length = CellGrid.drawnWidth(of: String(text[range]))
        let end = min(start + length, written)
        guard end > start else { return }
        restyle(x: x + start, y: y, count: end - start) { $0.role = .match }
    }
}

extension CellGrid {
    /// Writes `: value` after a key, the value styled by its kind, within `limit` cells; returns the cells used.
    @discardableResult
    mutating func writeValue(_ value: ScalarValue, previous: ScalarValue? = nil, x: Int, y: Int, limit: Int, highlighted: Bool) -> Int {
        guard limit > 2 else { return 0 }
        var written = write(": ", x: x, y: y, limit: limit, style: CellStyle(.dim, highlighted: highlighted))
        if let previous {
            written += write(previous.shown(cells: limit - written), x: x + written, y: y, limit: limit - written,
                             style: CellStyle(.value(previous.kind), highlighted: highlighted))
            written += write(" → ", x: x + written, y: y, limit: limit - written, style: CellStyle(.changed, highlighted: highlighted))
        }
        return written + write(value.shown(cells: limit - written), x: x + written, y: y, limit: limit - written,
                               style: CellStyle(.value(value.kind), highlighted: highlighted))
    }
}
