import ArborCore

/// A box over the screen listing every binding of the key map.
struct HelpOverlay {
    let keyMap: KeyMap
    /// The first line shown, when the lines do not all fit.
    var scroll = 0

    /// The lines of the help: keys, then what they do.
    var lines: [String] {
        let keyColumn = keyMap.bindings.map { $0.keys.map(\.label).joinedText(separator: " ") }
        let keyWidth = keyColumn.map(DisplayWidth.of).max() ?? 0
        return zip(keyColumn, keyMap.bindings).map { keys, binding in
            keys + String(repeating: " ", count: keyWidth - DisplayWidth.of(keys) + 2) + binding.command.summary
        }
    }

    func paint(in box: ScreenLayout.Box, into grid: inout CellGrid) {
        let lines = lines
        let (x, y, width, height) = (box.x, box.y, box.width, box.height)
        grid.clear(x: x, y: y, width: width, height: height)
        grid.drawBox(x: x, y: y, width: width, height: height, title: "Keys", titleStyle: CellStyle(.columnTitle))
        let room = max(0, height - 4)
        let first = max(0, min(scroll, lines.count - room))
        let more = lines.count > room ? " ↑↓ scroll ·" : ""
        grid.write(more + " ? or Esc closes ", x: x + 2, y: y + height - 1, limit: width - 4, style: CellStyle(.dim))
        for (offset, line) in lines.dropFirst(first).prefix(room).enumerated() {
            grid.write(line, x: x + 2, y: y + 2 + offset, limit: width - 4, style: CellStyle(.helpKey))
        }
    }
}
