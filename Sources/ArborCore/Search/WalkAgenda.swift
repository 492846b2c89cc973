/// The items a find's walk has still to visit, in the order it visits them: breadth first when the walk is
/// bounded by a count (the bound takes the shallow items first), otherwise in the source's own order, depth first,
/// a page of children at a time (a whole walk reads a file front to back once instead of once a level, and
/// keeps a page a level waiting instead of a whole level).
struct WalkAgenda: Sendable {
    /// The order of a walk.
    enum Order: Sendable {
        case breadthFirst
        case depthFirst
    }

    /// Depth first: one page's children, from `start` in `pages`, then the rest of their parent's pages.
    private struct Frame: Sendable {
        var start: Int
        var next: Int
        var rest: SearchWalk.Pending?
    }

    let order: Order
    /// Breadth first: every item waiting; depth first: those a widened bound allowed, visited last.
    private var queue = PendingQueue()
    /// Depth first: the children of the pages being visited, a page a level, the deepest last.
    private var pages: [SearchWalk.Pending] = []
    private var frames: [Frame] = []

    /// An agenda visiting in `order`.
    init(order: Order) {
        self.order = order
    }

    var isEmpty: Bool {
        guard queue.isEmpty else { return false }
        return frames.indices.allSatisfy { level in
            frames[level].rest == nil && frames[level].next == (level + 1 < frames.count ? frames[level + 1].start : pages.count)
        }
    }

    /// Opens a page of children about to be added: depth first, they are visited before anything waiting.
    mutating func beginPage() {
        if order == .depthFirst { frames.append(Frame(start: pages.count, next: pages.count)) }
    }

    /// Adds an item of the page begun last.
    mutating func add(_ pending: SearchWalk.Pending) {
        switch order {
        case .breadthFirst: queue.append(pending)
        case .depthFirst: pages.append(pending)
        }
    }

    /// Adds items to visit after all others (those a widened bound now allows).
    mutating func addLast(_ items: [SearchWalk.Pending]) {
        queue.append(contentsOf: items)
    }

    /// Keeps the rest of an item's children, after the page just added: breadth first, they are visited next;
    /// depth first, after that page's own children.
    mutating func putBack(_ rest: SearchWalk.Pending) {
        switch order {
        case .breadthFirst: queue.putBack(rest)
        case .depthFirst: frames[frames.count - 1].rest = rest
        }
    }

    /// Takes the next item to visit.
    mutating func next() -> SearchWalk.Pending? {
        while let top = frames.last {
            if top.next < pages.count {
                frames[frames.count - 1].next += 1
                return pages[top.next]
            }
            pages.removeSubrange(top.start...)
            frames.removeLast()
            if let rest = top.rest { return rest }
        }
        return queue.popFirst()
    }
}
