import ArborCore
import ArborPath
import Synchronization

/// JSON Lines shown while they are read: the index of the lines read so far, replaced by a larger one as lines
/// come (the browser told to read its lists again, keeping its place by id) until the input ends.
public final class GrowingJSONLines: ChangeReporting, LocatingItems, IndexedQuerying, JSONValueTexts {
    private struct State {
        var document: LazyJSONDocument
        var isComplete = false
        var observer: (@Sendable (SourceChange) -> Void)?
    }

    private let state: Mutex<State>
    public let displayName: String

    /// Starts with the lines read so far.
    init(partial: LazyJSONDocument) {
        displayName = partial.displayName
        state = Mutex(State(document: partial))
    }

    /// The lines indexed now.
    var document: LazyJSONDocument { state.withLock { $0.document } }

    public var isComplete: Bool { state.withLock { $0.isComplete } }
    public var isDocument: Bool { true }

    /// Shows more lines, the input still being read.
    func update(with larger: LazyJSONDocument) {
        replace(with: larger, complete: false, problem: nil)
    }

    /// Shows every line read; `problem` says why the input ended early, if it did.
    func complete(with whole: LazyJSONDocument, problem: String? = nil) {
        replace(with: whole, complete: true, problem: problem)
    }

    private func replace(with document: LazyJSONDocument, complete: Bool, problem: String?) {
        let observer = state.withLock { state in
            state.document = document
            state.isComplete = complete
            return state.observer
        }
        observer?(complete ? .completed(problem: problem) : .reloaded)
    }

    public func observeChanges(_ report: @escaping @Sendable (SourceChange) -> Void) {
        state.withLock { $0.observer = report }
    }

    public func root() async throws -> SourceRoot? { try await document.root() }
    public func numberOfChildren(of id: String) async throws -> Int? { try await document.numberOfChildren(of: id) }
    public func childIDs(of id: String, in range: Range<Int>) async throws -> [String] { try await document.childIDs(of: id, in: range) }
    public func parentID(of id: String) async throws -> String? { try await document.parentID(of: id) }
    public func item(_ id: String) async throws -> SourceItem { try await document.item(id) }
    public func children(of id: String) async throws -> [SourceItem] { try await document.children(of: id) }
    public var pagesChildren: Bool { true }
    public func children(of id: String, in range: Range<Int>) async throws -> [SourceItem] { try await document.children(of: id, in: range) }
    public func position(of childID: String, in parentID: String) async throws -> Int? {
        try await document.position(of: childID, in: parentID)
    }
    public func searchEntries(ofChildrenOf id: String, in range: Range<Int>?, fields: SearchFields) async throws -> [SearchEntry] {
        try await document.searchEntries(ofChildrenOf: id, in: range, fields: fields)
    }
    public func location(of id: String) async throws -> ItemLocation { try await document.location(of: id) }
    public func jsonText(of id: String) async throws -> [UInt8]? { try await document.jsonText(of: id) }
    public func forEachQueryMatch(_ path: JSONPath, shouldStop: @escaping () -> Bool, _ body: (QueryMatch) -> Bool) -> Bool {
        document.forEachQueryMatch(path, shouldStop: shouldStop, body)
    }
}
