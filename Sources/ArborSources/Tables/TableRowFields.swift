import ArborCore

/// A flat table whose rows open to their fields, as a whole database's rows do: each row shows the hierarchy
/// icon with its column count, and its fields are the next level, each a string member (where one holds JSON,
/// ``EmbeddedJSONSource`` opens it). A field's id is its row's, `#`, and the column escaped as a JSON pointer's
/// part (`2#/payload`). Used where Arbor crosses into what items hold (`--into`, the browser).
package struct TableRowFields: HierarchySource, PreviewingItems, LocatingItems {
    /// The table.
    package let base: any HierarchySource
    private let baseCapabilities: SourceCapabilities

    /// Opens the rows of `base` to their fields.
    package init(_ base: any HierarchySource) {
        self.base = base
        baseCapabilities = base.capabilities
    }

    package var displayName: String { base.displayName }
    package var pagesChildren: Bool { true }
    package var searchBound: SearchBound { base.searchBound }

    /// What the base can do, but lists at once: a row's items are made here.
    package var capabilities: SourceCapabilities {
        var capabilities = baseCapabilities
        capabilities.previewing = self
        capabilities.locating = self
        capabilities.immediateChildren = nil
        return capabilities
    }

    /// The row and column a field's id names; nil for a row or the top.
    static func field(_ id: String) -> (row: String, column: String)? {
        let bytes = Array(id.utf8)
        guard let last = bytes.lastIndex(of: UInt8(ascii: "/")), last > 0, bytes[last - 1] == UInt8(ascii: "#") else { return nil }
        return (String(decoding: bytes[..<(last - 1)], as: UTF8.self), JSONPointer.unescape(String(decoding: bytes[(last + 1)...], as: UTF8.self)))
    }

    static func id(row: String, column: String) -> String { row + "#/" + JSONPointer.escape(column) }

    /// A row as shown: counting its fields as its children.
    private func shown(_ item: SourceItem) -> SourceItem {
        guard item.childCount == 0, item.content.scalar == nil, !item.content.fields.isEmpty else { return item }
        var item = item
        item.childCount = item.content.fields.count
        return item
    }

    private func fields(of row: SourceItem) -> [SourceItem] {
        guard row.childCount == 0 || row.childCount == nil else { return [] }
        return row.content.fields.map { field in
            SourceItem(id: Self.id(row: row.id, column: field.name),
                       content: ItemContent(title: field.name, subtitle: "text", body: field.value, scalar: ScalarValue(.string, field.value)),
                       childCount: 0)
        }
    }

    /// The row's fields, when `id` names a row without rows under it.
    private func rowFields(_ id: String) async throws -> [SourceItem]? {
        guard Self.field(id) == nil else { return [] }
        let row = try await base.item(id)
        guard row.childCount == 0, row.content.scalar == nil, !row.content.fields.isEmpty else { return nil }
        return fields(of: row)
    }

    package func root() async throws -> SourceRoot? { try await base.root() }

    package func numberOfChildren(of id: String) async throws -> Int? {
        if let fields = try await rowFields(id) { return fields.count }
        return try await base.numberOfChildren(of: id)
    }

    package func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        try await children(of: id, in: range).map(\.id)
    }

    package func parentID(of id: String) async throws -> String? {
        if let (row, _) = Self.field(id) { return row }
        return try await base.parentID(of: id)
    }

    package func item(_ id: String) async throws -> SourceItem {
        guard let (row, column) = Self.field(id) else { return shown(try await base.item(id)) }
        guard let field = fields(of: try await base.item(row)).first(where: { $0.content.title == column }) else {
            throw SourceError("\(displayName): no column '\(column)' in row \(row)")
        }
        return field
    }

    package func children(of id: String) async throws -> [SourceItem] {
        if let fields = try await rowFields(id) { return fields }
        return try await base.children(of: id).map(shown)
    }

    package func children(of id: String, partial: @Sendable ([SourceItem]) -> Void) async throws -> [SourceItem] {
        if let fields = try await rowFields(id) { return fields }
        return try await base.children(of: id) { partial($0.map(shown)) }.map(shown)
    }

    package func children(of id: String, in range: Range<Int>) async throws -> [SourceItem] {
        if let fields = try await rowFields(id) { return Array(fields[range.clamped(to: fields.indices)]) }
        return try await base.children(of: id, in: range).map(shown)
    }

    package func pagedChildren(of id: String, partial: @Sendable ([SourceItem]) -> Void) async throws -> PagedChildren? {
        guard Self.field(id) == nil, var paged = try await base.pagedChildren(of: id, partial: partial) else { return nil }
        paged.first = paged.first.map(shown)
        return paged
    }

    package func pagedChildren(of id: String) async throws -> PagedChildren? {
        try await pagedChildren(of: id) { _ in }
    }

    package func position(of childID: String, in parentID: String) async throws -> Int? {
        guard let (row, column) = Self.field(childID) else { return try await base.position(of: childID, in: parentID) }
        guard row == parentID else { return nil }
        return try await base.item(row).content.fields.firstIndex { $0.name == column }
    }

    /// A field's preview is its value; a row's is the base's.
    package func preview(of id: String, lines: Int) async throws -> ItemPreview {
        guard Self.field(id) != nil else { return try await base.itemPreview(of: id, lines: lines) }
        return ItemPreview.fields(of: try await item(id))
    }

    /// A field is where its row is.
    package func location(of id: String) async throws -> ItemLocation {
        try await base.itemLocation(of: Self.field(id)?.row ?? id)
    }
}
