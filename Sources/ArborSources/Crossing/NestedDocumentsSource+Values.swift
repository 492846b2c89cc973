import ArborCore

extension NestedDocumentsSource: QueriedAsDocument {
    /// The tree as one document: see ``QueriedDocuments``.
    package var queriedDocument: any HierarchySource { QueriedDocuments(self) }

    /// An item as a query across the tree reads it, one document: a directory an object of its entries by name, a
    /// file that opens its document's top (titled by the file's name), a file that does not parse the string of
    /// its error, any other file null.
    func valueItem(_ item: SourceItem) async -> SourceItem {
        switch place(of: item.id) {
        case .inside: return item
        case .entry:
            var value = item
            if item.value(of: "type") == "directory" {
                value.content.subtitle = "object"
                value.content.scalar = nil
            } else {
                value.content.scalar = ScalarValue(.null, "null")
                value.childCount = 0
            }
            return value
        case .file(let path):
            do {
                let document = try await documents.document(at: path)
                var value = try await document.source.item(document.rootID)
                value.id = item.id
                value.content.title = item.content.title
                if !document.source.isDocument, value.content.scalar == nil { value.content.subtitle = "object" }
                return value
            } catch {
                var value = item
                value.content.scalar = ScalarValue(.string, "⚠ " + ((error as? SourceError)?.message ?? (error as? SourceLoadError)?.message ?? "\(error)"))
                value.childCount = 0
                return value
            }
        }
    }
}
