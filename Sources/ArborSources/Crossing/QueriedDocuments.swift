import ArborCore
import ArborPath

/// What Arbor crosses into read as one document by a JSONPath query (`arbor query path EXPR SOURCE --into`): a
/// directory as an object of its entries by name, each file that opens as its document, each string that holds
/// JSON as that JSON. Ids stay those of the crossing (`conf/app.json#/spec`).
package struct QueriedDocuments: HierarchySource {
    let base: any HierarchySource
    private let tree: NestedDocumentsSource?

    /// `base`, a directory whose files open or a source whose strings do, read as one document.
    init(_ base: any HierarchySource) {
        self.base = base
        tree = base as? NestedDocumentsSource
    }

    package var displayName: String { base.displayName }
    package var isDocument: Bool { true }
    package var pagesChildren: Bool { true }
    package var searchBound: SearchBound { base.searchBound }

    /// An item as the document reads it: a string holding JSON an object or an array, its text left out.
    private func value(_ item: SourceItem) async -> SourceItem {
        var item = await tree?.valueItem(item) ?? item
        guard let scalar = item.content.scalar, scalar.kind == .string, item.childCount != 0,
              let first = scalar.text.utf8.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }),
              first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return item }
        item.content.scalar = nil
        item.content.subtitle = first == UInt8(ascii: "[") ? "array" : "object"
        return item
    }

    private func values(_ items: [SourceItem]) async -> [SourceItem] {
        var result: [SourceItem] = []
        result.reserveCapacity(items.count)
        for item in items { result.append(await value(item)) }
        return result
    }

    package func root() async throws -> SourceRoot? { try await base.root() }
    package func numberOfChildren(of id: String) async throws -> Int? { try await base.numberOfChildren(of: id) }
    package func childIDs(of id: String, in range: Range<Int>) async throws -> [String] { try await base.childIDs(of: id, in: range) }
    package func parentID(of id: String) async throws -> String? { try await base.parentID(of: id) }
    package func item(_ id: String) async throws -> SourceItem { await value(try await base.item(id)) }
    package func children(of id: String) async throws -> [SourceItem] { await values(try await base.children(of: id)) }

    package func children(of id: String, in range: Range<Int>) async throws -> [SourceItem] {
        await values(try await base.children(of: id, in: range))
    }

    package func position(of childID: String, in parentID: String) async throws -> Int? {
        try await base.position(of: childID, in: parentID)
    }
}

extension QueriedDocuments: IndexedQuerying {
    /// The document whose strings open, when it answers queries from its index.
    private var document: (any IndexedQuerying)? { (base as? EmbeddedJSONSource)?.base.capabilities.indexedQuerying }

    /// From the document's index when none of its strings may hold JSON: the walk of the items, which reads
    /// such strings as documents, would find what the index finds, an item at a time (the browser's query of a
    /// 96 MB document took 2.4 s to its first match).
    package var answersFromIndex: Bool {
        guard let document, document.answersFromIndex else { return false }
        return !document.holdsJSONInStrings
    }

    package func forEachQueryMatch(_ path: JSONPath, shouldStop: @escaping () -> Bool, _ body: (QueryMatch) -> Bool) throws -> Bool {
        guard let document else { return true }
        return try document.forEachQueryMatch(path, shouldStop: shouldStop, body)
    }
}
