import ArborCore

/// The loading screen: the source's name on top, what is being read and how far it has come in the middle,
/// how to stop below.
package struct LoadingFrame: Sendable {
    /// The source's name.
    package var name: String
    /// Which frame of the spinner to show.
    package var tick: Int
    /// Seconds since opening began.
    package var elapsed: Double
    /// How far reading has come, when the source reads an input.
    package var progress: ReadProgress?

    package init(name: String, tick: Int, elapsed: Double, progress: ReadProgress? = nil) {
        self.name = name
        self.tick = tick
        self.elapsed = elapsed
        self.progress = progress
    }

    /// The line in the middle: `reading NAME… 1.2 GB of 4.4 GB · 850.0 MB/s · 3 s`, then `indexing NAME…` once
    /// every byte is read.
    package var status: String {
        let seconds = "\(Int(elapsed)) s"
        guard let progress, progress.bytesRead > 0 else { return "reading \(name)… \(seconds)" }
        let read = progress.bytesRead
        if progress.isReadingDone { return "indexing \(name)… \(ByteSize.text(read)) read · \(seconds)" }
        let amount = progress.totalBytes.map { "\(ByteSize.text(read)) of \(ByteSize.text($0))" } ?? ByteSize.text(read)
        let rate = elapsed > 0.05 ? " · \(ByteSize.text(Int(Double(read) / elapsed)))/s" : ""
        return "reading \(name)… \(amount)\(rate) · \(seconds)"
    }

    /// The frame at this size.
    package func render(size: (width: Int, height: Int)) -> CellGrid {
        var grid = CellGrid(width: size.width, height: size.height)
        grid.fill(" ", x: 0, y: 0, count: grid.width, style: CellStyle(.header))
        grid.write(name, x: 1, y: 0, limit: max(0, grid.width - 2), style: CellStyle(.header))
        let spinner = BrowserScreen.spinner[tick % BrowserScreen.spinner.count]
        let text = "\(spinner) \(status)"
        grid.write(text, x: max(1, (grid.width - CellGrid.drawnWidth(of: text)) / 2), y: grid.height / 2,
                   limit: max(0, grid.width - 2), style: CellStyle(.dim))
        if grid.height > 1 {
            grid.fill(" ", x: 0, y: grid.height - 1, count: grid.width, style: CellStyle(.footer))
            grid.write("q stop", x: 1, y: grid.height - 1, limit: max(0, grid.width - 2), style: CellStyle(.footer))
        }
        return grid
    }
}
