import ArborCore
import Synchronization

/// What the layout measures of a column's first items (the room its titles need, whether any has detail lines),
/// kept while the store is unchanged: a key that moves the focus measures only the column it brings into view.
final class ColumnMeasures: Sendable {
    private struct Key: Hashable {
        var parent: NodeHandle
        var measure: Measure
    }

    /// What is measured of a column.
    enum Measure: Hashable {
        /// The widest of its first items' titles and values, in cells.
        case need
        /// The same with their subtitles and bodies.
        case needWithLines
        /// Whether one of its first items has a subtitle or body (1) or none has (0).
        case detail
    }

    private struct Entries {
        var version: UInt64 = 0
        var values: [Key: Int] = [:]
    }

    private let entries = Mutex(Entries())

    /// `measure` of the column at `column`, from the last measure of the same list while the store has not
    /// changed; a filtered column is measured each time.
    func value(_ measure: Measure, of column: Int, in state: BrowserState, compute: () -> Int) -> Int {
        guard state.columns[column].filter == nil else { return compute() }
        let key = Key(parent: state.columns[column].parent, measure: measure)
        let version = state.store.version
        if let known = entries.withLock({ $0.version == version ? $0.values[key] : nil }) { return known }
        let value = compute()
        entries.withLock { entries in
            if entries.version != version { entries = Entries(version: version) }
            entries.values[key] = value
        }
        return value
    }
}
