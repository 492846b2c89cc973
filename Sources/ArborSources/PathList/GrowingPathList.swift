import ArborCore
import Synchronization

/// A path list shown while it is still being read: the tree of the lines read so far, replaced by the tree of
/// the whole list when the input ends, at which point the browser is told to reload (keeping its place by id).
package final class GrowingPathList: ChangeReporting {
    private struct State {
        var tree: PathTree
        var isComplete = false
        var observer: (@Sendable (SourceChange) -> Void)?
    }

    private let state: Mutex<State>
    package let displayName: String

    /// Starts with the tree of the lines read so far.
    package init(partial: PathTree) {
        displayName = partial.displayName
        state = Mutex(State(tree: partial))
    }

    /// The tree the browser is shown now.
    private var tree: PathTree { state.withLock { $0.tree } }

    package var isComplete: Bool { state.withLock { $0.isComplete } }

    /// Replaces the tree with one of more lines, the input still being read, and tells the observer.
    package func update(with larger: PathTree) {
        replace(with: larger, complete: false, problem: nil)
    }

    /// Replaces the partial tree with the whole list's and tells the observer; `problem` says why the input
    /// ended early, if it did.
    package func complete(with whole: PathTree, problem: String? = nil) {
        replace(with: whole, complete: true, problem: problem)
    }

    private func replace(with tree: PathTree, complete: Bool, problem: String?) {
        let observer = state.withLock { state in
            state.tree = tree
            state.isComplete = complete
            return state.observer
        }
        observer?(complete ? .completed(problem: problem) : .reloaded)
    }

    package func observeChanges(_ report: @escaping @Sendable (SourceChange) -> Void) {
        state.withLock { $0.observer = report }
    }

    package func root() async throws -> SourceRoot? { try await tree.root() }

    package func numberOfChildren(of id: String) async throws -> Int? { try await tree.numberOfChildren(of: id) }

    package func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        try await tree.childIDs(of: id, in: range)
    }

    package func parentID(of id: String) async throws -> String? { try await tree.parentID(of: id) }

    package func item(_ id: String) async throws -> SourceItem { try await tree.item(id) }

    package func children(of id: String) async throws -> [SourceItem] { try await tree.children(of: id) }

    package var pagesChildren: Bool { true }

    package func position(of childID: String, in parentID: String) async throws -> Int? {
        try await tree.position(of: childID, in: parentID)
    }

    package func children(of id: String, in range: Range<Int>) async throws -> [SourceItem] {
        try await tree.children(of: id, in: range)
    }

    package func searchEntries(ofChildrenOf id: String, in range: Range<Int>?, fields: SearchFields) async throws -> [SearchEntry] {
        try await tree.searchEntries(ofChildrenOf: id, in: range, fields: fields)
    }
    package func searchPage(ofChildrenOf id: String, in range: Range<Int>?, fields: SearchFields, into page: inout SearchPage) async throws {
        try await tree.searchPage(ofChildrenOf: id, in: range, fields: fields, into: &page)
    }
}
