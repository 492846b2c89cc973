import ArborCore

extension FileSystemSource {
    /// A find reads names and their types from the directory alone: no entry is examined (`lstat`), and a
    /// directory's entries are counted when the walk lists them.
    public func searchEntries(ofChildrenOf id: String, in range: Range<Int>?, fields: SearchFields) async throws -> [SearchEntry] {
        let listing = try listing(of: id)
        let prefix = Self.prefix(LosslessText.encode(id))
        return (range ?? 0..<listing.count).clamped(to: 0..<listing.count).map { position in
            let name = listing.name(at: position)
            let isDirectory = listing.isDirectory(at: position)
            let title = LosslessText.decode(Array(name))
            let childID = isDirectory || fields.contains(.id) ? LosslessText.decode(prefix + name) : ""
            let item = SourceItem(id: childID, content: ItemContent(title: title, subtitle: isDirectory ? "directory" : ""),
                                  childCount: isDirectory ? nil : 0)
            return SearchEntry(id: childID, text: fields == .title ? title : fields.text(of: item), childCount: item.childCount)
        }
    }
}
