/// What the browser has asked of the source and not yet received: the bookkeeping that lets an answer be
/// matched with its question, and a stale one dropped.
package struct PendingLoads: Sendable {
    /// The state of the request for the root.
    package internal(set) var root: LoadState = .unloaded
    /// The last generation given to a request.
    var lastGeneration = 0
    /// Generations of listings that hand over parts before their whole.
    var partialGenerations: Set<Int> = []
    /// Pages of children asked for and not yet arrived.
    var pagesLoading: Set<PageRequest> = []
    /// Pages whose request failed: not asked for again until their list is loaded anew (a new epoch).
    var pagesFailed: Set<PageRequest> = []
    /// The paged list a reveal waits on while the source says where its next item is.
    var locating: (parent: NodeHandle, generation: Int)?
    /// Items whose child count has been asked for in the background and has not arrived.
    package internal(set) var countsPending: Set<NodeHandle> = []
    /// The item whose parent was asked for by moving left past the first level.
    var parentAskedByNavigation: NodeHandle?
    /// The root whose parent was asked for as soon as it was known.
    var rootParentAskedAtStart: NodeHandle?
    /// The item given a new parent whose path from the root is being asked for, a link at a time.
    var followingMove: NodeHandle?
    /// Items whose children were read ahead and have not been shown since.
    var readAhead: Set<NodeHandle> = []

    /// A generation for a new request, later than every earlier one.
    mutating func makeGeneration() -> Int {
        lastGeneration += 1
        return lastGeneration
    }
}
