import ArborCore

/// A source whose string values that hold a JSON object or array open as documents: such a string shows the
/// hierarchy icon with its members' count, its members are the next level, and its preview is the document
/// pretty-printed. An item inside the string has the string's id, `#`, then its JSON pointer in the string
/// (`/payload#/user/name`); the string itself stands for the document's top.
package struct EmbeddedJSONSource: HierarchySource, PreviewingItems, LocatingItems, ImmediateChildren, QueriedAsDocument {
    /// The source whose strings are opened.
    package let base: any HierarchySource
    let documents = EmbeddedDocuments()
    /// The base's capabilities, asked once: finding them casts the base to each protocol.
    private let baseCapabilities: SourceCapabilities

    /// Opens the JSON in the strings of `base`.
    package init(_ base: any HierarchySource) {
        self.base = base
        baseCapabilities = base.capabilities
    }

    package var displayName: String { base.displayName }
    package var isDocument: Bool { base.isDocument }
    /// A document's strings holding JSON read as that JSON; any other source as its items.
    package var queriedDocument: any HierarchySource { base.isDocument ? QueriedDocuments(self) : self }
    package var pagesChildren: Bool { true }
    package var searchBound: SearchBound { base.searchBound }

    /// What the base can do, its lists answered with the strings opened; previews and places answered here.
    package var capabilities: SourceCapabilities {
        var capabilities = baseCapabilities
        capabilities.previewing = self
        capabilities.locating = capabilities.locating.map { _ in self }
        capabilities.immediateChildren = capabilities.immediateChildren.map { _ in self }
        return capabilities
    }

    /// The string and the pointer in it that an id names; nil for an item of the base.
    private func inside(_ id: String) async throws -> (host: String, document: EmbeddedDocuments.Document, pointer: String)? {
        let bytes = Array(id.utf8)
        guard bytes.contains(UInt8(ascii: "#")) else { return nil }
        for index in bytes.indices.reversed() where bytes[index] == UInt8(ascii: "#") && bytes.indices.contains(index + 1)
            && bytes[index + 1] == UInt8(ascii: "/") {
            let host = String(decoding: bytes[..<index], as: UTF8.self)
            let pointer = String(decoding: bytes[(index + 1)...], as: UTF8.self)
            if let held = documents.held(host) { return (host, held, pointer) }
            if let (host, document) = try await opened(host) { return (host, document, pointer) }
        }
        return nil
    }

    /// The document of a string item: one held, or parsed from the string the base (or a document) gives.
    private func opened(_ id: String) async throws -> (String, EmbeddedDocuments.Document)? {
        if let held = documents.held(id) { return (id, held) }
        guard let item = try? await item(id) else { return nil }
        // Listing the item parses a short string's document.
        if let held = documents.held(id) { return (id, held) }
        guard let text = item.content.scalar.flatMap({ $0.kind == .string ? $0.text : nil }) else { return nil }
        return await documents.document(in: text, host: id).map { (id, $0) }
    }

    private static func string(of item: SourceItem) -> String? {
        guard item.childCount == 0 || item.childCount == nil, let scalar = item.content.scalar, scalar.kind == .string else { return nil }
        return scalar.text
    }

    /// The document (and the pointer in it) an id lists children from, or nil for the base's own lists.
    private func lister(of id: String) async throws -> (host: String, document: EmbeddedDocuments.Document, pointer: String)? {
        if let held = documents.held(id) { return (id, held, "") }
        if let inside = try await inside(id) {
            // A string inside a string lists its own document's members (its item, read, parses it).
            if let (host, document) = try await opened(id) { return (host, document, "") }
            return inside
        }
        guard documents.isCandidate(id) else { return nil }
        return try await parsed(id)
    }

    /// The document of a base item that is a string holding JSON, parsed now; nil for any other item.
    private func parsed(_ id: String) async throws -> (host: String, document: EmbeddedDocuments.Document, pointer: String)? {
        guard let item = try? await base.item(id), let text = Self.string(of: item),
              let document = await documents.document(in: text, host: id) else { return nil }
        return (id, document, "")
    }

    private func outer(_ pointer: String, host: String) -> String {
        pointer.isEmpty ? host : host + "#" + pointer
    }

    /// An item as shown: inside a string, its id under the string's; a string holding JSON, its members counted.
    private func shown(_ item: SourceItem, host: String?) async -> SourceItem {
        var item = item
        if let host { item.id = outer(item.id, host: host) }
        guard let text = Self.string(of: item), EmbeddedDocuments.mayHoldJSON(text) else { return item }
        if let held = documents.held(item.id) {
            item.childCount = held.count
        } else if text.utf8.count <= EmbeddedDocuments.listedBytes {
            if let document = await documents.document(in: text, host: item.id) { item.childCount = document.count }
        } else {
            documents.noteCandidate(item.id)
            item.childCount = nil
        }
        return item
    }

    /// Items of a partial list as they come: a string that may hold JSON is not parsed here, so its count is
    /// left unknown (asked for when it is shown) rather than said to be none.
    private func uncounted(_ items: [SourceItem]) -> [SourceItem] {
        items.map { item in
            guard let text = Self.string(of: item), EmbeddedDocuments.mayHoldJSON(text) else { return item }
            var item = item
            if let held = documents.held(item.id) {
                item.childCount = held.count
            } else {
                documents.noteCandidate(item.id)
                item.childCount = nil
            }
            return item
        }
    }

    private func shown(_ items: [SourceItem], host: String?) async -> [SourceItem] {
        var result: [SourceItem] = []
        result.reserveCapacity(items.count)
        for item in items { result.append(await shown(item, host: host)) }
        return result
    }

    package func root() async throws -> SourceRoot? { try await base.root() }

    /// A list asked of `id`: from the document `lister(of:)` finds, or from the base; when the base has nothing
    /// under `id`, from the document of the string it may be (a string counted or listed before the list holding
    /// it was shown, as when a file opened again after a rewrite is asked what was shown of it).
    private func listing<T>(_ id: String, base read: () async throws -> T, isEmpty: (T) -> Bool,
                            document inDocument: (String, EmbeddedDocuments.Document, String) async throws -> T) async throws -> T {
        if let (host, document, pointer) = try await lister(of: id) { return try await inDocument(host, document, pointer) }
        let answer = try await read()
        guard isEmpty(answer), let (host, document, pointer) = try await parsed(id) else { return answer }
        return try await inDocument(host, document, pointer)
    }

    package func numberOfChildren(of id: String) async throws -> Int? {
        try await listing(id, base: { try await base.numberOfChildren(of: id) }, isEmpty: { $0 == 0 }) { _, document, pointer in
            try await document.source.numberOfChildren(of: pointer)
        }
    }

    package func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        try await listing(id, base: { try await base.childIDs(of: id, in: range) }, isEmpty: \.isEmpty) { host, document, pointer in
            try await document.source.childIDs(of: pointer, in: range).map { outer($0, host: host) }
        }
    }

    package func parentID(of id: String) async throws -> String? {
        guard let (host, document, pointer) = try await inside(id) else { return try await base.parentID(of: id) }
        return outer(try await document.source.parentID(of: pointer) ?? "", host: host)
    }

    package func item(_ id: String) async throws -> SourceItem {
        guard let (host, document, pointer) = try await inside(id) else { return await shown(try await base.item(id), host: nil) }
        return await shown(try await document.source.item(pointer), host: host)
    }

    package func children(of id: String) async throws -> [SourceItem] {
        try await children(of: id) { _ in }
    }

    package func children(of id: String, partial: @Sendable ([SourceItem]) -> Void) async throws -> [SourceItem] {
        try await listing(id, base: {
            await shown(try await base.children(of: id) { partial(uncounted($0)) }, host: nil)
        }, isEmpty: \.isEmpty) { host, document, pointer in
            await shown(try await document.source.children(of: pointer), host: host)
        }
    }

    package func children(of id: String, in range: Range<Int>) async throws -> [SourceItem] {
        try await listing(id, base: { await shown(try await base.children(of: id, in: range), host: nil) }, isEmpty: \.isEmpty) { host, document, pointer in
            await shown(try await document.source.children(of: pointer, in: range), host: host)
        }
    }

    package func pagedChildren(of id: String) async throws -> PagedChildren? {
        try await pagedChildren(of: id) { _ in }
    }

    package func pagedChildren(of id: String, partial: @Sendable ([SourceItem]) -> Void) async throws -> PagedChildren? {
        try await listing(id, base: { try await paged(from: base, id, host: nil, partial: partial) }, isEmpty: { $0?.count == 0 }) { host, document, pointer in
            try await paged(from: document.source, pointer, host: host, partial: partial)
        }
    }

    private func paged(from source: any HierarchySource, _ id: String, host: String?,
                       partial: @Sendable ([SourceItem]) -> Void) async throws -> PagedChildren? {
        guard source.pagesChildren, var paged = try await source.pagedChildren(of: id, partial: { batch in
            partial(uncounted(batch.map { item in
                var item = item
                if let host { item.id = outer(item.id, host: host) }
                return item
            }))
        }) else { return nil }
        paged.first = await shown(paged.first, host: host)
        return paged
    }

    /// The base's children at once where it has them: a string's members are asked for as any list is.
    package func immediateChildren(of id: String, in range: Range<Int>) throws -> [SourceItem]? {
        guard !id.contains("#/"), documents.held(id) == nil, let immediate = baseCapabilities.immediateChildren,
              let items = try immediate.immediateChildren(of: id, in: range), !items.isEmpty else { return nil }
        // An empty list may be a string's not yet parsed: asked for as any list is.
        return items.contains { Self.string(of: $0).map(EmbeddedDocuments.mayHoldJSON) == true } ? nil : items
    }

    package func position(of childID: String, in parentID: String) async throws -> Int? {
        guard let (host, document, pointer) = try await lister(of: parentID) else { return try await base.position(of: childID, in: parentID) }
        guard childID.hasPrefix(host + "#") else { return nil }
        return try await document.source.position(of: String(childID.dropFirst(host.count + 1)), in: pointer)
    }

    package func preview(of id: String, lines: Int) async throws -> ItemPreview {
        if let (_, document, pointer) = try await lister(of: id) { return try await document.source.itemPreview(of: pointer, lines: lines) }
        return try await base.itemPreview(of: id, lines: lines)
    }

    /// Inside a string, the string's own place.
    package func location(of id: String) async throws -> ItemLocation {
        guard let (host, _, _) = try await inside(id) else { return try await base.itemLocation(of: id) }
        return try await base.itemLocation(of: host)
    }
}
