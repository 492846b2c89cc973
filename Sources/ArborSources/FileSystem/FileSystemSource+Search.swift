import ArborCore

extension FileSystemSource {
    /// A find reads names and their types from the directory alone: no entry is examined (`lstat`), and a
    /// directory's entries are counted when the walk lists them.
    public func searchEntries(ofChildrenOf id: String, in range: Range<Int>?, fields: SearchFields) async throws -> [SearchEntry] {
        // A subtitle or body (size, time, permissions) needs each entry examined, as the columns do.
        guard !fields.contains(.subtitle), !fields.contains(.body) else {
            return fields.entries(of: try await children(of: id, in: range ?? 0..<Int.max))
        }
        let listing = try listing(of: id)
        let prefix = Self.prefix(LosslessText.encode(id))
        return (range ?? 0..<listing.count).clamped(to: 0..<listing.count).map { position in
            let name = listing.name(at: position)
            let isDirectory = listing.isDirectory(at: position)
            let childID = isDirectory || fields.contains(.id) ? LosslessText.decode(prefix + name) : ""
            return SearchEntry(id: childID, text: fields.text(title: LosslessText.decode(Array(name)), id: childID),
                               childCount: isDirectory ? nil : 0)
        }
    }
}
