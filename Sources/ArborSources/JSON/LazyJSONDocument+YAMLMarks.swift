import ArborCore

extension LazyJSONDocument {
    /// Whether a container is the copy an alias of a large YAML file stands for: shown as the alias, holding nothing.
    func isAlias(_ container: Int32) -> Bool {
        guard let marks, container > 0 else { return false }
        return marks.alias(at: index.start[Int(container)]) != nil
    }

    /// A value's YAML marks on its item, as a file read whole shows them: an alias as one (opening to its anchor's
    /// value, holding nothing), the anchor and tag after the type.
    static func show(_ mark: YAMLMarks.Mark, on item: inout SourceItem) {
        if let alias = mark.alias {
            item.content.scalar = ScalarValue(.string, alias)
            item.childCount = 0
        }
        JSONDocumentBuilder.annotate(&item.content, with: mark.note, link: mark.link)
    }
}
