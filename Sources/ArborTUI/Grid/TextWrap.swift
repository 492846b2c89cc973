/// Word wrapping by display width, for the longer texts of the object header.
package enum TextWrap {
    /// Up to `maxLines` lines of at most `width` cells; words longer than a line are cut by the grid; the last
    /// line ends in `…` when words are left over.
    package static func lines(_ text: String, width: Int, maxLines: Int) -> [String] {
        guard width > 0, maxLines > 0 else { return [] }
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }) {
            let wordWidth = CellGrid.drawnWidth(of: String(word))
            if currentWidth > 0, currentWidth + 1 + wordWidth > width {
                lines.append(current)
                if lines.count == maxLines { return markCut(lines, width: width) }
                current = ""
                currentWidth = 0
            }
            current += (currentWidth == 0 ? "" : " ") + word
            currentWidth += (currentWidth == 0 ? 0 : 1) + wordWidth
        }
        if currentWidth > 0 { lines.append(current) }
        return lines
    }

    private static func markCut(_ lines: [String], width: Int) -> [String] {
        var lines = lines
        var last = lines[lines.count - 1]
        while !last.isEmpty, CellGrid.drawnWidth(of: last) + 1 > width { last.removeLast() }
        lines[lines.count - 1] = last + "…"
        return lines
    }
}
