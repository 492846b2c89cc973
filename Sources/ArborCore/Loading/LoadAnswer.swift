/// The source's answer to a loading request, carrying the generation or epoch it was asked under: the loading
/// family of actions, routed to ``BrowserState/applyLoaded(_:)``.
package enum LoadAnswer: Sendable {
    /// The root request's answer.
    case root(generation: Int, Result<SourceRoot?, SourceError>)
    /// Some of the children of a node, before the rest (appended to those already shown).
    case partialChildren(NodeHandle, generation: Int, [SourceItem])
    /// A children request's answer.
    case children(NodeHandle, generation: Int, Result<[SourceItem], SourceError>)
    /// A long list of children, counted: shown a page at a time, starting with `first` at index 0.
    case countedChildren(NodeHandle, generation: Int, Result<PagedChildren, SourceError>)
    /// A page of children starting at `start`.
    case childPage(NodeHandle, epoch: Int, start: Int, Result<[SourceItem], SourceError>)
    /// Where a child is among a node's children (nil: not among them).
    case childPosition(NodeHandle, generation: Int, Result<Int?, SourceError>)
    /// Which children of a node match a filter, by position.
    case childMatches(NodeHandle, generation: Int, Result<[Int32], SourceError>)
    /// Inserted children, as pairs of index and item.
    case childItems(NodeHandle, epoch: Int, Result<[IndexedItem], SourceError>)
    /// An item request's answer.
    case item(NodeHandle, generation: Int, Result<SourceItem, SourceError>)
    /// Child counts of children of a node, by id (-1: could not be counted).
    case childCounts(NodeHandle, epoch: Int, [String: Int])
    /// A parent request's answer.
    case parent(NodeHandle, generation: Int, Result<String?, SourceError>)
}

extension BrowserState {
    /// Takes a loading answer into the store and the navigation, if it is still the one waited for. An answer
    /// asked before the store was made anew (a reload, a query's answer shown) names a handle of the old store:
    /// it is dropped.
    mutating func applyLoaded(_ answer: LoadAnswer) -> [BrowserEffect] {
        if let handle = answer.handle, !store.holds(handle) { return [] }
        switch answer {
        case .root(let generation, let result): return rootLoaded(generation: generation, result)
        case .children(let handle, let generation, let result): return childrenLoaded(handle, generation: generation, result)
        case .countedChildren(let handle, let generation, let result): return childrenCounted(handle, generation: generation, result)
        case .childPage(let handle, let epoch, let start, let result): return childPageLoaded(handle, epoch: epoch, start: start, result)
        case .childPosition(let handle, let generation, let result): return childLocated(handle, generation: generation, result)
        case .childMatches(let handle, let generation, let result): return childrenMatched(handle, generation: generation, result)
        case .childItems(let handle, let epoch, let result): return childItemsLoaded(handle, epoch: epoch, result)
        case .partialChildren(let handle, let generation, let items):
            return childrenPartiallyLoaded(handle, generation: generation, items)
        case .item(let handle, let generation, let result): return itemLoaded(handle, generation: generation, result)
        case .childCounts(let handle, let epoch, let counts): return childCountsLoaded(handle, epoch: epoch, counts)
        case .parent(let handle, let generation, let result): return parentLoaded(handle, generation: generation, result)
        }
    }
}

extension LoadAnswer {
    /// The node the answer is for; nil for the root's.
    var handle: NodeHandle? {
        switch self {
        case .root: return nil
        case .children(let handle, _, _), .countedChildren(let handle, _, _), .childPage(let handle, _, _, _),
             .childPosition(let handle, _, _), .childMatches(let handle, _, _), .childItems(let handle, _, _),
             .partialChildren(let handle, _, _), .item(let handle, _, _), .childCounts(let handle, _, _),
             .parent(let handle, _, _):
            return handle
        }
    }
}
