/// Rectangles of cells copied out of a grid and back in, for a part drawn once and shown again unchanged.
extension CellGrid {
    /// The cells of `rows` rows of `count` cells from column `x` and row `y`, row after row, or nil when the
    /// rectangle leaves the grid or holds a grapheme kept beside the cells (its index means nothing elsewhere).
    func block(x: Int, y: Int, count: Int, rows: Int) -> [PackedCell]? {
        guard x >= 0, y >= 0, count > 0, rows > 0, x + count <= width, y + rows <= height else { return nil }
        var cells: [PackedCell] = []
        cells.reserveCapacity(count * rows)
        for row in y..<(y + rows) { cells += storage[(row * width + x)..<(row * width + x + count)] }
        return cells.contains(where: \.isCluster) ? nil : cells
    }

    /// Sets the rectangle `block` came from, row after row: a wide character cut at either end of a row keeps a
    /// half to blank, as any run that is drawn.
    mutating func setBlock(_ cells: [PackedCell], x: Int, y: Int, count: Int) {
        guard count > 0 else { return }
        cells.withUnsafeBufferPointer { source in
            for row in 0..<(source.count / count) {
                withRun(from: x, to: x + count, y: y + row) { run in
                    _ = run.update(fromContentsOf: UnsafeBufferPointer(rebasing: source[(row * count)..<((row + 1) * count)]))
                }
            }
        }
    }
}
