/// A change a source found by itself (a file created, a list read to its end): the reference view's mutation
/// calls as data, which the browser turns into its own actions.
public enum SourceChange: Sendable, Hashable {
    /// Children of a parent were inserted at these indexes (of the new list).
    case insertedChildren(of: String, at: [Int])
    /// Children of a parent were removed from these indexes (of the old list).
    case removedChildren(of: String, at: [Int])
    /// Items of these ids were inserted among the children of a parent, at these indexes (of the new list).
    case insertedItems([String], of: String, at: [Int])
    /// Items of these ids were removed from the children of a parent.
    case removedItems([String], of: String)
    /// The parent of an item changed (added, removed or replaced).
    case parentChanged(of: String)
    /// The children of an item changed in a way the source does not detail.
    case childrenChanged(of: String)
    /// A long list shown with an estimated count has this many children: its first page stays, the rest is
    /// read again at its exact places.
    case childCountChanged(of: String, count: Int)
    /// The content of these items changed; their ids did not.
    case itemsChanged([String])
    /// Anything may have changed: everything is read again, keeping the place where it still exists.
    case reloaded
    /// The data behind the source changed as a whole (a file rewritten): the lists on screen are read again and
    /// compared by id, the others when next shown.
    case changed
    /// The data cannot be read as it is now, the view keeping the last version that could (the message names the
    /// place); nil once it can be read again.
    case problem(String?)
    /// The source has read all of its input; `problem` says why it ended early, if it did. The lists on screen
    /// are read again and compared by id, as for ``changed``.
    case completed(problem: String?)

    /// The browser's actions that apply the change.
    package var actions: [BrowserAction] {
        switch self {
        case .insertedChildren(let parent, let indexes): return [.insertChildren(of: parent, at: indexes)]
        case .removedChildren(let parent, let indexes): return [.removeChildren(of: parent, at: indexes)]
        case .insertedItems(let ids, let parent, let indexes): return [.insertItems(ids, of: parent, at: indexes)]
        case .removedItems(let ids, let parent): return [.removeItems(ids, of: parent)]
        case .parentChanged(let id): return [.invalidateParent(of: id)]
        case .childrenChanged(let id): return [.invalidateChildren(of: id)]
        case .childCountChanged(let id, let count): return [.resizeChildren(of: id, count: count)]
        case .itemsChanged(let ids): return [.invalidateItems(ids)]
        case .reloaded: return [.reloadAll]
        case .changed: return [.refreshShown]
        case .problem(let problem): return [.sourceTrouble(problem)]
        case .completed(let problem): return [.refreshShown] + (problem.map { [.sourceProblem($0)] } ?? [])
        }
    }
}
