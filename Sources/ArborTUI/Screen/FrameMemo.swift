import ArborCore
import Synchronization

/// The last frame the screen drew and what its columns were drawn from, so that the next frame of the same shape
/// is drawn over it: a column whose inputs are the same is left as it is, and only the rows written to are
/// compared when the frame is encoded (a move key writes the two cells it changes, the header and the footer).
package final class FrameMemo: Sendable {
    /// What must stay the same for a frame to be drawn over the last one: its size and where each part goes.
    struct Shape: Sendable, Equatable {
        var width: Int
        var height: Int
        var metrics: ScreenMetrics
        var columns: [ScreenLayout.ColumnFrame]
        var breadcrumbRow: Int?
    }

    /// What one column on screen is drawn from, besides its cells: when it is the same as in the last frame,
    /// the column's box, separators and blank rows are as the last frame left them.
    struct ColumnKey: Sendable, Equatable {
        var title: String
        var titleHighlighted: Bool
        /// The items in view, from the column's scroll, and how many the column has.
        var shown: [NodeHandle]
        var itemCount: Int
        /// The text of a column without items, or the notice under its items.
        var note: String?
    }

    private struct Kept: Sendable {
        var grid: CellGrid?
        var shape: Shape?
        var drawingOver = false
        var lastColumns: [ColumnKey] = []
        var columns: [ColumnKey] = []
    }

    private static let numbers = Atomic<UInt64>(0)
    private let kept = Mutex(Kept())

    /// The grid to draw a frame in: the last frame, when its shape was `shape` and it keeps no grapheme beside
    /// its cells, else a blank grid. A frame without a shape (an overlay, a preview, the outline) is drawn whole.
    func begin(shape: Shape?, width: Int, height: Int) -> CellGrid {
        let number = Self.numbers.add(1, ordering: .relaxed).newValue
        return kept.withLock { kept in
            let last = shape != nil && kept.shape == shape ? kept.grid.flatMap { $0.clusters.isEmpty ? $0 : nil } : nil
            kept.drawingOver = last != nil
            kept.lastColumns = last != nil ? kept.columns : []
            kept.columns = []
            kept.shape = shape
            kept.grid = nil
            guard let last else { return CellGrid.numbered(width: width, height: height, number: number) }
            return CellGrid.drawn(over: last, number: number)
        }
    }

    /// Whether the column in the `slot`th place from the left is drawn from the same as in the frame under this
    /// one; notes what it is drawn from for the next frame. Slots are asked in order, once a frame.
    func columnIsUnchanged(slot: Int, key: ColumnKey) -> Bool {
        kept.withLock { kept in
            kept.columns.append(key)
            return kept.drawingOver && kept.lastColumns.indices.contains(slot) && kept.lastColumns[slot] == key
        }
    }

    /// Keeps a frame of a shape to draw the next over.
    func finish(_ grid: CellGrid) {
        kept.withLock { kept in
            if kept.shape != nil { kept.grid = grid }
        }
    }

    /// Lets go of the last frame, so that the next is drawn whole.
    package func forget() {
        kept.withLock { $0 = Kept() }
    }
}
