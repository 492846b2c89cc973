/// What a document's preview reads of its source: an item, and a page of children, from a source that can cut a
/// long value past the bytes the pane shows of it, so that a value of megabytes costs what the preview shows.
package protocol PreviewReading: Sendable {
    /// The item, a value longer than `valueBytes` bytes cut a little past them (its text longer than `valueBytes`).
    func item(_ id: String, valueBytes: Int) async throws -> SourceItem
    /// The children in `range`, their values cut as ``item(_:valueBytes:)`` cuts one.
    func children(of id: String, in range: Range<Int>, valueBytes: Int) async throws -> [SourceItem]
}

/// Reads a source's items whole: for a source whose values are held in memory, or read whole anyway.
package struct WholeValueReading: PreviewReading {
    let source: any HierarchySource

    /// Reads the items of `source` whole.
    package init(source: any HierarchySource) {
        self.source = source
    }

    package func item(_ id: String, valueBytes: Int) async throws -> SourceItem {
        try await source.item(id)
    }

    package func children(of id: String, in range: Range<Int>, valueBytes: Int) async throws -> [SourceItem] {
        try await source.children(of: id, in: range)
    }
}
