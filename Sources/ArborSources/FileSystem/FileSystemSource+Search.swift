import ArborCore

extension FileSystemSource {
    /// A find reads names and their types from the directory alone: no entry is examined (`lstat`), and a
    /// directory's entries are counted when the walk lists them.
    package func searchEntries(ofChildrenOf id: String, in range: Range<Int>?, fields: SearchFields) async throws -> [SearchEntry] {
        var page = SearchPage()
        try await searchPage(ofChildrenOf: id, in: range, fields: fields, into: &page)
        return page.entries
    }

    /// As ``searchEntries(ofChildrenOf:in:fields:)``, a name of plain ASCII handed to the page as its bytes.
    package func searchPage(ofChildrenOf id: String, in range: Range<Int>?, fields: SearchFields, into page: inout SearchPage) async throws {
        // A subtitle or body (size, time, permissions) needs each entry examined, as the columns do.
        guard !fields.contains(.subtitle), !fields.contains(.body) else {
            return page.append(contentsOf: fields.entries(of: try await children(of: id, in: range ?? 0..<Int.max)))
        }
        let listing = try listing(of: id)
        let prefix = Self.prefix(LosslessText.encode(id))
        let positions = (range ?? 0..<listing.count).clamped(to: 0..<listing.count)
        page.reserveCapacity(page.count + positions.count)
        for position in positions {
            let name = listing.name(at: position)
            let isDirectory = listing.isDirectory(at: position)
            let childID = isDirectory || fields.contains(.id) ? LosslessText.decode(prefix + name) : ""
            page.append(name: name, id: childID, childCount: isDirectory ? nil : 0, fields: fields)
        }
    }
}
