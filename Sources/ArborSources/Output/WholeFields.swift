import ArborCore

/// A document item's fields made whole for output and comparison: a container's field holds a member's first MiB
/// (``LongText``), so a field that may have been cut is read again from the member's own item.
package enum WholeFields {
    /// `item` with each named field that may have been cut replaced by its member's whole value (left as it is
    /// where the member cannot be read); an item without such a field is returned as it is, unread.
    package static func of(_ item: SourceItem, in source: any HierarchySource) async -> SourceItem {
        guard source.isDocument else { return item }
        var whole = item
        for (index, field) in item.content.fields.enumerated() where !field.name.isEmpty && field.value.utf8.count >= LongText.limit - 3 {
            let id = item.id + "/" + JSONPointer.escape(field.name)
            guard let member = try? await source.item(id), let text = member.content.scalar?.text else { continue }
            whole.content.fields[index].value = text
        }
        return whole
    }
}
