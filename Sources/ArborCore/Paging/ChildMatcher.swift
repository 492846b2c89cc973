import Synchronization

/// The newest generation of a kind of request, read and written from any thread.
package final class LatestGeneration: Sendable {
    private let state = Mutex(0)

    /// A counter at 0.
    package init() {}

    /// The newest generation.
    package var value: Int { state.withLock { $0 } }

    /// Makes `generation` the newest unless a newer one came first: requests start in any order.
    package func raise(to generation: Int) {
        state.withLock { $0 = max($0, generation) }
    }
}

/// Finds which children of a node match a filter, reading them from the source a batch at a time.
struct ChildMatcher {
    let source: any HierarchySource
    let parentID: String
    let matcher: TextMatcher
    /// Whether a newer request has made this one pointless.
    let isStale: @Sendable () -> Bool

    /// How many children one read brings.
    static let batch = 4_096

    /// The positions of the matching children, in order; only those among `among` when it is given.
    func positions(among: [Int32]?) async throws -> [Int32] {
        var found: [Int32] = []
        if let among {
            var start = 0
            while start < among.count {
                try checkCurrent()
                let first = Int(among[start])
                var end = start
                while end < among.count, Int(among[end]) < first + Self.batch { end += 1 }
                let items = try await source.children(of: parentID, in: first..<(Int(among[end - 1]) + 1))
                for position in among[start..<end] {
                    let offset = Int(position) - first
                    if offset < items.count, matcher.matches(items[offset].content.title) { found.append(position) }
                }
                start = end
            }
            return found
        }
        var count = 0
        if let known = try await source.numberOfChildren(of: parentID) { count = known }
        for first in stride(from: 0, to: count, by: Self.batch) {
            try checkCurrent()
            let items = try await source.children(of: parentID, in: first..<min(count, first + Self.batch))
            for (offset, item) in items.enumerated() where matcher.matches(item.content.title) {
                found.append(Int32(first + offset))
            }
        }
        return found
    }

    private func checkCurrent() throws {
        if isStale() { throw SourceError("a newer filter replaced this one") }
    }
}
