/// A request for the source that an action produced; its result comes back as an action.
package enum BrowserEffect: Sendable, Hashable {
    /// Ask for the root.
    case loadRoot(generation: Int)
    /// Ask for all children of a node.
    case loadChildren(NodeHandle, id: String, generation: Int)
    /// Ask for the children at some indexes of a node whose children are loaded.
    case loadChildItems(NodeHandle, id: String, indexes: [Int], epoch: Int)
    /// Ask for a page of the children of a node shown a page at a time.
    case loadChildPage(NodeHandle, id: String, range: Range<Int>, epoch: Int)
    /// Ask where a child is among the children of a node shown a page at a time (to reveal it).
    case locateChild(NodeHandle, id: String, childID: String, generation: Int)
    /// Ask which children of a node shown a page at a time match (only those at `among`, when given).
    case matchChildren(NodeHandle, id: String, matcher: TextMatcher, among: [Int32]?, generation: Int)
    /// Ask for the content of one node.
    case loadItem(NodeHandle, id: String, generation: Int)
    /// Ask for the parent of one node.
    case loadParent(NodeHandle, id: String, generation: Int)
    /// Search every item (walking the source within `bound`, when `walks`) for a query, reporting as it goes;
    /// what an earlier walk visited is searched again unless the source changed since (a new `epoch`).
    case search(query: String, fields: SearchFields, bound: SearchBound?, walks: Bool, epoch: Int, generation: Int)
    /// Stop the walk of the find; with `cancelling`, stop the search too. It applies to the searches up to
    /// `generation`: effects run in any order, and a stop that runs after a newer search began leaves it be.
    case stopSearch(cancelling: Bool, generation: Int)
    /// Begin the walk of a find ahead of it, if the source is held in memory (its walk unbounded), up to
    /// ``SearchWalk/AheadLimit/standard``; a find goes on from there.
    case walkAhead(fields: SearchFields, bound: SearchBound?, epoch: Int)
    /// Find the ids from the top down to an entry of the find's corpus.
    case resolveFindHit(entry: Int, generation: Int)
    /// Find the ids from the top down to the place a text names.
    case resolvePlace(String, generation: Int)
    /// Complete the last title of a place's text.
    case completePlace(String, generation: Int)
    /// Show (or hide) the source's hidden entries.
    case setShowsHidden(Bool)
    /// Count, in the background, the children of these children of a node (sources that can do it cheaply).
    case countChildren(NodeHandle, ids: [String], epoch: Int)
}
