import ArborCore

extension PathTree {
    /// A find reads each child's name alone, and the id only of a child with children of its own.
    package func searchEntries(ofChildrenOf id: String, in range: Range<Int>?, fields: SearchFields) async throws -> [SearchEntry] {
        var page = SearchPage()
        try await searchPage(ofChildrenOf: id, in: range, fields: fields, into: &page)
        return page.entries
    }

    /// As ``searchEntries(ofChildrenOf:in:fields:)``, a name of plain ASCII handed to the page as its bytes.
    package func searchPage(ofChildrenOf id: String, in range: Range<Int>?, fields: SearchFields, into page: inout SearchPage) async throws {
        let children = children(ofNode: try node(id))
        let clamped = (range ?? 0..<children.count).clamped(to: 0..<children.count)
        page.reserveCapacity(page.count + clamped.count)
        for offset in clamped {
            let child = children[children.startIndex + offset]
            let count = self.children(ofNode: child).count
            let name = segment(of: child)
            let childID = count > 0 || fields.contains(.id) ? LosslessText.decode(idBytes(of: child)) : ""
            page.append(name: name, id: childID, childCount: count, fields: fields)
        }
    }
}
