import ArborCore
import Synchronization

/// The object cells of the last frame, each with the model it was drawn from and its place: a cell whose model,
/// width and height are the same in the next frame is copied instead of painted again, or left where it is when
/// the next frame is drawn over the last (a move key changes two cells).
package final class CellPaintMemo: Sendable {
    private struct Painted: Sendable {
        var model: ObjectCellModel
        /// The content stamp the item had (``NodeStore/contentStamp(of:)``).
        var stamp: Int
        var full: Bool
        var x: Int
        var y: Int
        var width: Int
        var cells: [PackedCell]
    }

    private struct Frames: Sendable {
        var last: [NodeHandle: Painted] = [:]
        var next: [NodeHandle: Painted] = [:]
        var copied = 0
        var kept = 0
    }

    private let frames = Mutex(Frames())
    /// The program's own way of drawing cells, if it has one.
    let renderer: (any CellRenderer)?

    /// A memo of cells drawn by the built-in painter, or by `renderer` where it draws them.
    init(renderer: (any CellRenderer)? = nil) {
        self.renderer = renderer
    }

    /// Starts a frame: the cells painted since the last start are the ones to copy from.
    func beginFrame() {
        frames.withLock { frames in
            frames.last = frames.next
            frames.next = Dictionary(minimumCapacity: frames.last.count)
            frames.copied = 0
            frames.kept = 0
        }
    }

    /// Lets go of every cell kept, so that the next frame is painted whole.
    package func forget() {
        frames.withLock { $0 = Frames() }
    }

    /// How many cells the frame being drawn, or the last one, copied.
    var copiedCells: Int { frames.withLock(\.copied) }
    /// How many cells the frame being drawn, or the last one, left in place as the frame under it showed them.
    var keptCells: Int { frames.withLock(\.kept) }

    /// Draws an item's cell as ``ObjectCellPainter`` does, copying it from the last frame when it was drawn the same.
    /// The focused item's highlighted cell, which also places the cursor, is always painted.
    func paint(_ model: ObjectCellModel, item: NodeHandle, stamp: Int, full: Bool, x: Int, y: Int, width: Int, into grid: inout CellGrid) {
        var model = model
        if let renderer { model.countText = renderer.countText(for: CellContext(model, width: width, height: full ? 3 : 1)) }
        guard !model.isHighlighted else {
            return draw(model, full: full, x: x, y: y, width: width, into: &grid)
        }
        let fits = x >= 0 && y >= 0 && x + width <= grid.width && y + (full ? 3 : 1) <= grid.height
        let copied = fits && frames.withLock { frames -> Bool in
            guard var painted = frames.last.removeValue(forKey: item),
                  painted.full == full, painted.width == width, painted.model.drawsLike(model)
            else { return false }
            grid.setBlock(painted.cells, x: x, y: y, count: width)
            (painted.stamp, painted.x, painted.y) = (stamp, x, y)
            frames.next[item] = consume painted
            frames.copied += 1
            return true
        }
        guard !copied else { return }
        draw(model, full: full, x: x, y: y, width: width, into: &grid)
        guard let cells = grid.block(x: x, y: y, count: width, rows: full ? 3 : 1) else { return }
        frames.withLock { $0.next[item] = Painted(model: model, stamp: stamp, full: full, x: x, y: y, width: width, cells: cells) }
    }

    /// Draws a cell with the program's renderer, or the built-in painter where it has none or declines.
    private func draw(_ model: ObjectCellModel, full: Bool, x: Int, y: Int, width: Int, into grid: inout CellGrid) {
        guard let renderer, width > 0 else { return ObjectCellPainter.paint(model, full: full, x: x, y: y, width: width, into: &grid) }
        var canvas = CellCanvas(grid: CellGrid(width: 0, height: 0), model: model, x: x, y: y, width: width, height: full ? 3 : 1)
        swap(&canvas.grid, &grid)
        canvas.fillBackground()
        let drawn = renderer.draw(CellContext(model, width: width, height: full ? 3 : 1), on: &canvas)
        swap(&canvas.grid, &grid)
        if !drawn { ObjectCellPainter.paint(model, full: full, x: x, y: y, width: width, into: &grid) }
    }

    /// Whether an item's cell, of these flags and a content of this stamp, was drawn by the last frame the same and
    /// in the same place, in a grid that still shows it there: then it is kept for the next frame and left as it is.
    func keepsInPlace(_ flags: ObjectCellModel, item: NodeHandle, stamp: Int, full: Bool, x: Int, y: Int, width: Int) -> Bool {
        guard !flags.isHighlighted else { return false }
        return frames.withLock { frames -> Bool in
            guard let painted = frames.last[item], painted.stamp == stamp, painted.x == x, painted.y == y, painted.full == full,
                  painted.width == width, painted.model.hasFlags(of: flags)
            else { return false }
            frames.last[item] = nil
            frames.next[item] = painted
            frames.kept += 1
            return true
        }
    }
}
