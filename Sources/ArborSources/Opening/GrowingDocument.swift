import ArborCore
import ArborPath
import Synchronization

/// A document shown while it is still being read or indexed (JSON Lines, XML): the version indexed so far,
/// replaced by a larger one as more is read (the browser told to read its lists again, keeping its place by
/// id) until the whole input is.
package final class GrowingDocument<Document: HierarchySource & LocatingItems>: ChangeReporting, LocatingItems {
    private struct State {
        var document: Document
        var isComplete = false
        var problem: String?
        var observer: (@Sendable (SourceChange) -> Void)?
    }

    private let state: Mutex<State>
    package let displayName: String

    /// Starts with the part indexed so far.
    init(partial: Document) {
        displayName = partial.displayName
        state = Mutex(State(document: partial))
    }

    /// The version indexed now.
    var document: Document { state.withLock { $0.document } }

    package var isComplete: Bool { state.withLock { $0.isComplete } }
    package var isDocument: Bool { document.isDocument }

    /// Shows a larger part, the input still being read.
    func update(with larger: Document) {
        replace(with: larger, complete: false, problem: nil)
    }

    /// Shows the whole input; `problem` says why it ended early or what is wrong in it, if anything.
    func complete(with whole: Document, problem: String? = nil) {
        replace(with: whole, complete: true, problem: problem)
    }

    private func replace(with document: Document, complete: Bool, problem: String?) {
        let observer = state.withLock { state in
            state.document = document
            state.isComplete = complete
            state.problem = problem
            return state.observer
        }
        observer?(complete ? .completed(problem: problem) : .reloaded)
    }

    /// Reports changes from now on; an input that was complete before is reported complete at once (with the
    /// problem it ended with), so that nothing said before the observer came is lost.
    package func observeChanges(_ report: @escaping @Sendable (SourceChange) -> Void) {
        let ended: String?? = state.withLock { state in
            state.observer = report
            return state.isComplete ? .some(state.problem) : nil
        }
        if let problem = ended { report(.completed(problem: problem)) }
    }

    package func root() async throws -> SourceRoot? { try await document.root() }
    package func numberOfChildren(of id: String) async throws -> Int? { try await document.numberOfChildren(of: id) }
    package func childIDs(of id: String, in range: Range<Int>) async throws -> [String] { try await document.childIDs(of: id, in: range) }
    package func parentID(of id: String) async throws -> String? { try await document.parentID(of: id) }
    package func item(_ id: String) async throws -> SourceItem { try await document.item(id) }
    package func children(of id: String) async throws -> [SourceItem] { try await document.children(of: id) }
    package var pagesChildren: Bool { true }
    package func children(of id: String, in range: Range<Int>) async throws -> [SourceItem] { try await document.children(of: id, in: range) }
    package func position(of childID: String, in parentID: String) async throws -> Int? {
        try await document.position(of: childID, in: parentID)
    }
    package func searchEntries(ofChildrenOf id: String, in range: Range<Int>?, fields: SearchFields) async throws -> [SearchEntry] {
        try await document.searchEntries(ofChildrenOf: id, in: range, fields: fields)
    }
    package func searchPage(ofChildrenOf id: String, in range: Range<Int>?, fields: SearchFields, into page: inout SearchPage) async throws {
        try await document.searchPage(ofChildrenOf: id, in: range, fields: fields, into: &page)
    }
    package func location(of id: String) async throws -> ItemLocation { try await document.location(of: id) }
}

/// JSON Lines shown while they are read.
package typealias GrowingJSONLines = GrowingDocument<LazyJSONDocument>

/// XML shown while it is indexed.
package typealias GrowingXMLDocument = GrowingDocument<LazyXMLDocument>

extension GrowingDocument: IndexedQuerying where Document == LazyJSONDocument {
    package func forEachQueryMatch(_ path: JSONPath, shouldStop: @escaping () -> Bool, _ body: (QueryMatch) -> Bool) throws -> Bool {
        try document.forEachQueryMatch(path, shouldStop: shouldStop, body)
    }

    package var holdsJSONInStrings: Bool { document.holdsJSONInStrings }
}

extension GrowingDocument: JSONValueTexts where Document == LazyJSONDocument {
    package func jsonText(of id: String) async throws -> [UInt8]? { try await document.jsonText(of: id) }
}

extension GrowingDocument: PreviewingItems where Document == LazyJSONDocument {
    package func preview(of id: String, lines: Int) async throws -> ItemPreview { try await document.preview(of: id, lines: lines) }
}
