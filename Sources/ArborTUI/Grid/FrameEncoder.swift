/// The bytes that turn a terminal showing one frame into showing the next: only the cells that changed are
/// written, each run after one cursor movement, and a style is selected only where it changes.
package struct FrameEncoder: Sendable {
    /// The fewest blanks erased with one sequence instead of written.
    static let shortestErasedRun = 12
    /// How a style is selected: by its whole sequence, or on ANSI terminals by what differs.
    private let selection: StyleSelection
    private let cursor: CursorAddressing
    private let clear: [UInt8]
    private let reset: [UInt8]
    /// Whether writing the bottom-right cell would scroll the screen (auto margins without the newline glitch).
    private let skipsLastCell: Bool
    /// Whether a plain blank looks like what clearing the screen leaves, so a whole frame can skip its blanks.
    private let plainIsCleared: Bool
    /// Whether only ASCII is written (a locale without UTF-8): other characters as ``ASCIIGlyphs`` draws them.
    package var asciiOnly = false

    private enum StyleSelection: Sendable {
        /// The sequence that selects each style from a reset, at `CellStyle.index`, and the one of any style, for
        /// those with ink.
        case sequences([[UInt8]], any: @Sendable (CellStyle) -> [UInt8])
        /// ANSI SGR: a change sends what differs, and blanks are erased where that looks the same.
        case sgr(SGRStyles)
    }

    /// An encoder with a style sequence for every style, the screen-clearing and style-resetting sequences.
    package init(style: @escaping @Sendable (CellStyle) -> [UInt8], cursor: CursorAddressing, clear: [UInt8], reset: [UInt8],
                skipsLastCell: Bool = false) {
        let styles = CellStyle.all.map(style)
        selection = .sequences(styles, any: style)
        self.cursor = cursor
        self.clear = clear
        self.reset = reset
        self.skipsLastCell = skipsLastCell
        plainIsCleared = styles[CellStyle.plain.index] == reset
    }

    /// An encoder for a terminal that takes ANSI SGR sequences: a change of style sends only what differs, and runs
    /// of blanks are erased with `ESC [ n X` where `erasing` allows.
    package init(look: @escaping @Sendable (CellStyle) -> RoleLook, cursor: CursorAddressing, clear: [UInt8], reset: [UInt8],
                 skipsLastCell: Bool = false, erasing: BlankErasing) {
        selection = .sgr(SGRStyles(look: look, erasing: erasing))
        self.cursor = cursor
        self.clear = clear
        self.reset = reset
        self.skipsLastCell = skipsLastCell
        plainIsCleared = look(.plain) == RoleLook()
    }

    /// An encoder for ANSI terminals drawing the looks a theme gives each style.
    package static func ansi(_ look: @escaping @Sendable (CellStyle) -> RoleLook) -> FrameEncoder {
        FrameEncoder(look: look, cursor: .ansi, clear: Array("\u{1B}[H\u{1B}[2J".utf8), reset: Array("\u{1B}[0m".utf8),
                     erasing: .onAnyBackground)
    }

    /// What to send to show `next` on a terminal showing `previous`; without a previous frame of the same size,
    /// the screen is cleared and everything but plain blanks is written. Of a grid drawn over `previous`, only the
    /// rows written since are compared. With `top`, the frame is drawn in the
    /// rows from `top` down (below a shell's prompt), and clearing erases those rows only.
    package func encode(_ next: CellGrid, over previous: CellGrid?, top: Int? = nil) -> [UInt8] {
        var base = previous.flatMap { $0.width == next.width && $0.height == next.height ? $0 : nil }
        var out: [UInt8] = []
        out.reserveCapacity(base == nil ? next.width * next.height * 2 : 1024)
        var at: (row: Int, column: Int)?
        let offset = top ?? 0
        if base == nil {
            if let top {
                out += reset
                for row in top..<(top + next.height) {
                    cursor.appendMove(row: row, column: 0, to: &out)
                    out += Array("\u{1B}[2K".utf8)
                }
            } else {
                out += reset + clear
                at = (0, 0)
            }
            if plainIsCleared { base = CellGrid(width: next.width, height: next.height) }
        }
        var style: CellStyle?
        // The last cell written in `style`: a cell of the same packed style needs no change and no unpacking.
        var styled: PackedCell?
        let sgr: SGRStyles? = if case .sgr(let styles) = selection { styles } else { nil }
        // Without graphemes kept aside, equal stored cells draw the same: only a row's changed stretch is walked,
        // comparing cells as stored.
        let plain = base.map { next.clusters.isEmpty && $0.clusters.isEmpty } ?? false
        for row in 0..<next.height {
            var column = 0
            var end = next.width
            if let base {
                if next.rowIsUnchanged(since: base, row: row) { continue }
                if next.rowMatches(base, row: row) { continue }
                if plain {
                    let changed = next.changedColumns(base, row: row)
                    column = changed.lowerBound
                    end = changed.upperBound
                }
            }
            while column < end {
                let cell = next.packed(x: column, y: row)
                let width = max(1, Int(cell.width))
                if cell.width == 0 {
                    column += 1
                    continue
                }
                if let base, plain ? samePlainCell(next, base, column, row, width) : sameCell(next, base, column, row, width) {
                    column += width
                    continue
                }
                if skipsLastCell, row == next.height - 1, column + width >= next.width {
                    column += width
                    continue
                }
                if at == nil || at! != (row, column) { cursor.appendMove(row: row + offset, column: column, to: &out) }
                if styled.map({ !cell.hasStyle(of: $0) }) ?? true {
                    let cellStyle = cell.style
                    if style != cellStyle {
                        if let sgr {
                            sgr.appendChange(from: style, to: cellStyle, into: &out)
                        } else if case .sequences(let styles, let any) = selection {
                            out += cellStyle.ink == 0 ? styles[cellStyle.index] : any(cellStyle)
                        }
                        style = cellStyle
                    }
                    styled = cell
                }
                if let sgr, cell.code == 0x20, let style, sgr.erases(style) {
                    var runEnd = column + 1
                    while runEnd < end, next.packed(x: runEnd, y: row) == cell { runEnd += 1 }
                    if runEnd - column >= Self.shortestErasedRun {
                        out += [0x1B, 0x5B]
                        UTF8Bytes.appendDecimal(runEnd - column, to: &out)
                        out.append(0x58)
                        at = (row, column)
                        column = runEnd
                        continue
                    }
                }
                if asciiOnly, cell.isCluster || cell.code >= 0x80 {
                    out += ASCIIGlyphs.bytes(for: cell.isCluster ? 0xFFFD : cell.code, width: width)
                } else if cell.isCluster {
                    for scalar in next.scalars(of: cell) { UTF8Bytes.append(scalar, to: &out) }
                } else {
                    UTF8Bytes.append(cell.code, to: &out)
                }
                at = column + width < next.width ? (row, column + width) : nil
                column += width
            }
        }
        if style != nil { out += reset }
        if let point = next.cursor, !out.isEmpty || previous?.cursor != point {
            cursor.appendMove(row: point.row + offset, column: point.column, to: &out)
        }
        return out
    }

    /// Whether a cell, and the cell its wide character covers, are stored the same in two frames without graphemes
    /// kept aside.
    @inline(__always)
    private func samePlainCell(_ next: CellGrid, _ base: CellGrid, _ column: Int, _ row: Int, _ width: Int) -> Bool {
        next.packed(x: column, y: row) == base.packed(x: column, y: row)
            && (width == 1 || column + 1 >= next.width || next.packed(x: column + 1, y: row) == base.packed(x: column + 1, y: row))
    }

    /// Whether a cell, and the cell its wide character covers, show the same in both frames.
    private func sameCell(_ next: CellGrid, _ base: CellGrid, _ column: Int, _ row: Int, _ width: Int) -> Bool {
        (column..<min(column + width, next.width)).allSatisfy { next.cellMatches(base, x: $0, y: row) }
    }
}

/// How the cursor is moved to a cell.
package enum CursorAddressing: Sendable {
    /// `ESC [ row ; column H`, counted from 1.
    case ansi
    /// A terminfo `cup` capability other than the ANSI one, expanded for each move.
    case expanded(@Sendable (Int, Int) -> [UInt8])

    /// Appends the bytes that move the cursor to a row and column counted from 0.
    func appendMove(row: Int, column: Int, to bytes: inout [UInt8]) {
        switch self {
        case .ansi:
            bytes.append(0x1B)
            bytes.append(0x5B)
            UTF8Bytes.appendDecimal(row + 1, to: &bytes)
            bytes.append(0x3B)
            UTF8Bytes.appendDecimal(column + 1, to: &bytes)
            bytes.append(0x48)
        case .expanded(let expand):
            bytes += expand(row, column)
        }
    }
}
