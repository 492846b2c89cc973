import ArborCore

extension PathTree {
    /// A find reads each child's name alone, and the id only of a child with children of its own.
    public func searchEntries(ofChildrenOf id: String, in range: Range<Int>?, fields: SearchFields) async throws -> [SearchEntry] {
        let children = children(ofNode: try node(id))
        let clamped = (range ?? 0..<children.count).clamped(to: 0..<children.count)
        return clamped.map { offset in
            let child = children[children.startIndex + offset]
            let count = self.children(ofNode: child).count
            let title = LosslessText.decode(segment(of: child))
            let childID = count > 0 || fields.contains(.id) ? LosslessText.decode(idBytes(of: child)) : ""
            return SearchEntry(id: childID, text: fields.text(title: title, id: childID), childCount: count)
        }
    }
}
