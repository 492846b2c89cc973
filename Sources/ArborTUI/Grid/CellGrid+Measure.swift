import ArborCore

/// Measuring text as the grid draws it.
extension CellGrid {
    /// The cells text takes once control characters are made visible, counted no further than `limit`.
    static func drawnWidth(of text: String, upTo limit: Int) -> Int {
        if let simple = SimpleScalar.width(of: text, upTo: limit) { return simple }
        var total = 0
        for character in text {
            if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F {
                total += 1
            } else {
                total += InertText.visible(character).map(DisplayWidth.of) ?? DisplayWidth.of(character)
            }
            if total >= limit { return total }
        }
        return total
    }

    /// The cells text takes once control characters are made visible.
    package static func drawnWidth(of text: String) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return drawnWidth(of: text, upTo: .max)
    }
}
