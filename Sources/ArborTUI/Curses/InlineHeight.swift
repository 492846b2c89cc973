/// How many rows the picker takes below the cursor instead of the whole screen (`--height`): a number of
/// rows, or a percentage of the terminal's.
package enum InlineHeight: Sendable, Hashable {
    case rows(Int)
    case percent(Int)

    /// Parses `N` or `N%`; nil for anything else or for less than 3 rows or 1%.
    package init?(_ text: String) {
        if text.hasSuffix("%"), let value = Int(text.dropLast()), (1...100).contains(value) {
            self = .percent(value)
        } else if let value = Int(text), value >= 3 {
            self = .rows(value)
        } else {
            return nil
        }
    }

    /// The rows taken on a terminal of `height` rows (at least 3, at most all of them).
    package func rows(of height: Int) -> Int {
        switch self {
        case .rows(let rows): return min(rows, height)
        case .percent(let percent): return min(height, max(3, height * percent / 100))
        }
    }
}
