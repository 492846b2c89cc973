import ArborCore
import Synchronization

/// The widest text of each column's first items as the last frames measured it, with the items and the contents
/// it was measured on: a column whose first items are the same, their contents unchanged, is not measured again
/// (a move key changes none of them; the read-ahead changes other nodes). While no node's content changed at all,
/// the contents are not even looked at.
package final class ColumnWidthMemo: Sendable {
    private struct Measure: Sendable {
        var fullCells: Bool
        var enough: Int
        /// The items looked at, and the content stamps they had.
        var items: [NodeHandle]
        var stamps: [Int]
        /// The store's content version when the stamps were last found the same: while it stays, they are.
        var version: Int
        var widest: Int
        /// Whether the measure stopped at `enough`, maybe before the column's sample ended.
        var stoppedEarly: Bool { widest >= enough }
    }

    /// More columns than a screen shows: past it, what is kept is let go.
    private static let kept = 32

    private let measures = Mutex([NodeHandle: Measure]())

    /// Lets go of every measure kept.
    package func forget() {
        measures.withLock { $0 = [:] }
    }

    /// The widest text of the first `sample` items of `items`, listed under `parent`, as `measure` finds it,
    /// or as it found it last time when the same items hold the same contents.
    /// `measure` gives the widest text and how many items it looked at; it stops once the widest reaches `enough`.
    func widest(under parent: NodeHandle, items: ChildList, sample: Int, store: NodeStore, fullCells: Bool, enough: Int,
                measure: () -> (widest: Int, looked: Int)) -> Int {
        let shown = items.prefix(sample)
        if let kept = measures.withLock({ $0[parent] }), kept.fullCells == fullCells, kept.enough == enough,
           kept.stoppedEarly ? shown.count >= kept.items.count : shown.count == kept.items.count,
           zip(kept.items, shown).allSatisfy({ $0 == $1 }) {
            if kept.version == store.contentVersion { return kept.widest }
            if zip(kept.items, kept.stamps).allSatisfy({ store.contentStamp(of: $0) == $1 }) {
                measures.withLock { $0[parent]?.version = store.contentVersion }
                return kept.widest
            }
        }
        let found = measure()
        let looked = Array(shown.prefix(found.looked))
        let entry = Measure(fullCells: fullCells, enough: enough, items: looked, stamps: looked.map { store.contentStamp(of: $0) },
                            version: store.contentVersion, widest: found.widest)
        measures.withLock { measures in
            if measures.count >= Self.kept { measures = [:] }
            measures[parent] = entry
        }
        return found.widest
    }
}
