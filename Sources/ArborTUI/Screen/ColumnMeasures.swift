import ArborCore
import Synchronization

/// What the layout measures of a column's first items (the room its titles need, whether any has detail lines),
/// kept while the store is unchanged: a key that moves the focus measures only the column it brings into view.
final class ColumnMeasures: Sendable {
    /// What is measured of a column.
    enum Measure: Int {
        /// The widest of its first items' titles and values, in cells.
        case need
        /// The same with their subtitles and bodies.
        case needWithLines
        /// Whether one of its first items has a subtitle or body (1) or none has (0).
        case detail
    }

    /// The measures taken since the store last changed, three numbers each (the column's parent, the measure,
    /// the value): a few columns' worth, searched in order.
    private struct Entries {
        var version: UInt64 = 0
        var values: [Int] = []
    }

    private let entries = Mutex(Entries())

    /// `measure` of the column at `column`, from the last measure of the same list while the store has not
    /// changed; a filtered column is measured each time.
    func value(_ measure: Measure, of column: Int, in state: BrowserState, compute: () -> Int) -> Int {
        guard state.columns[column].filter == nil else { return compute() }
        let parent = Int(state.columns[column].parent.index)
        let version = state.store.version
        let known = entries.withLock { entries -> Int? in
            guard entries.version == version else { return nil }
            var index = 0
            while index + 2 < entries.values.count {
                if entries.values[index] == parent, entries.values[index + 1] == measure.rawValue { return entries.values[index + 2] }
                index += 3
            }
            return nil
        }
        if let known { return known }
        let value = compute()
        entries.withLock { entries in
            if entries.version != version { entries = Entries(version: version) }
            entries.values += [parent, measure.rawValue, value]
        }
        return value
    }
}
