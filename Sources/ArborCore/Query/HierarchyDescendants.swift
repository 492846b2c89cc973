/// The descendants of an item as an asynchronous sequence, depth first: nothing is read before it is iterated,
/// and each list is read a page at a time when the walk gets to it. An id met twice (a source whose lists
/// repeat an item) is walked once; a cancelled task ends the walk with `CancellationError`.
public struct HierarchyDescendants: AsyncSequence, Sendable {
    public typealias Element = SourceItem

    /// The source walked.
    public let source: any HierarchySource
    /// The item whose descendants are listed.
    public let id: String
    /// How many children one request reads.
    static let pageSize = 512

    /// The walk, from its first step.
    public func makeAsyncIterator() -> Iterator {
        Iterator(source: source, id: id)
    }

    /// One walk over the descendants.
    public struct Iterator: AsyncIteratorProtocol {
        /// A list being walked: its parent, its count when known, and the page read from it.
        private struct Frame {
            var parent: String
            var count: Int?
            var page: [SourceItem] = []
            var pageStart = 0
            var next = 0
            var whole = false
        }

        private let source: any HierarchySource
        private var stack: [Frame]
        private var seen: Set<String>

        init(source: any HierarchySource, id: String) {
            self.source = source
            stack = [Frame(parent: id)]
            seen = [id]
        }

        /// The next descendant, or nil once the walk is over.
        public mutating func next() async throws -> SourceItem? {
            while !stack.isEmpty {
                try Task.checkCancellation()
                guard let item = try await nextChild() else {
                    stack.removeLast()
                    continue
                }
                guard seen.insert(item.id).inserted else { continue }
                if item.childCount != 0 { stack.append(Frame(parent: item.id)) }
                return item
            }
            return nil
        }

        /// The next child of the innermost list, reading its next page when the last is used up; nil at its end.
        private mutating func nextChild() async throws -> SourceItem? {
            var frame = stack[stack.count - 1]
            defer { stack[stack.count - 1] = frame }
            if frame.next == frame.pageStart + frame.page.count {
                if frame.whole { return nil }
                if frame.next == 0 { frame.count = try await source.numberOfChildren(of: frame.parent) }
                if let count = frame.count {
                    guard frame.next < count else { return nil }
                    frame.page = try await source.children(of: frame.parent, in: frame.next..<Swift.min(count, frame.next + pageSize))
                } else {
                    frame.page = try await source.children(of: frame.parent)
                    frame.whole = true
                }
                frame.pageStart = frame.next
                guard !frame.page.isEmpty else { return nil }
            }
            defer { frame.next += 1 }
            return frame.page[frame.next - frame.pageStart]
        }
    }
}
