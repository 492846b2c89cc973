/// Frames drawn over the last one: a grid that starts as the frame before and notes the rows written to it, so
/// that only those are compared and copied.
extension CellGrid {
    /// A grid showing what `earlier` shows, to draw the next frame over: numbered `number`, without a cursor, and
    /// keeping the rows written to it, which alone can differ from `earlier` (see ``rowIsUnchanged(since:row:)``).
    static func drawn(over earlier: CellGrid, number: UInt64) -> CellGrid {
        var grid = earlier
        grid.cursor = nil
        grid.lineage = FrameLineage(number: number, drawnOver: earlier.lineage.number, writtenRows: RowMarks(height: earlier.height))
        return grid
    }

    /// A blank grid numbered `number`, to be drawn whole.
    static func numbered(width: Int, height: Int, number: UInt64) -> CellGrid {
        var grid = CellGrid(width: width, height: height)
        grid.lineage.number = number
        return grid
    }

    /// Whether this grid was drawn over an earlier frame.
    var isDrawnOver: Bool { lineage.drawnOver != 0 }

    /// How many rows were written since the frame this one was drawn over; nil for a grid drawn whole.
    var rowsWritten: Int? { isDrawnOver ? lineage.writtenRows.count : nil }

    /// Whether a row is known to show what it shows in `earlier` without comparing them: this grid was drawn over
    /// that frame and nothing was written to the row.
    func rowIsUnchanged(since earlier: CellGrid, row: Int) -> Bool {
        isDrawnOver && lineage.drawnOver == earlier.lineage.number && !lineage.writtenRows.contains(row)
    }

    /// Makes this grid show what `next` shows by copying the rows written to `next` since it was drawn over this
    /// very frame; false, and nothing changed, when `next` was not drawn over it or either keeps graphemes
    /// beside its cells.
    mutating func catchUp(with next: CellGrid) -> Bool {
        guard next.isDrawnOver, next.lineage.drawnOver == lineage.number, next.width == width, next.height == height,
              clusters.isEmpty, next.clusters.isEmpty
        else { return false }
        copyRows(of: next) { next.lineage.writtenRows.contains($0) }
        lineage.number = next.lineage.number
        cursor = next.cursor
        return true
    }
}
