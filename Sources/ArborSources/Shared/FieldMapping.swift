import ArborCore

/// Which fields of a record feed which part of an item; each part takes the first field present.
package struct FieldMapping: Sendable, Hashable {
    /// Fields that hold the id.
    package var id: [String] = ["id"]
    /// Whether a table without the id column numbers its rows instead (`1` for the first row under the header):
    /// true unless the id column was named.
    package var numbersRowsWithoutID: Bool { id == ["id"] }
    /// Fields that hold the parent's id (tables).
    package var parent: [String] = ["parent", "parent_id", "parentId"]
    /// Fields for the title.
    package var title: [String] = ["title", "name", "label", "id"]
    /// Fields for the subtitle.
    package var subtitle: [String] = ["subtitle", "type", "kind"]
    /// Fields for the body.
    package var body: [String] = ["body", "description", "location"]
    /// Fields for the footnote.
    package var footnote: [String] = ["footnote", "note"]
    /// Fields for the longer description of the object header.
    package var description: [String] = ["description", "details", "notes"]
    /// Fields holding tags: a list, or text separated by commas.
    package var tags: [String] = ["tags", "labels"]
    /// Fields for the status.
    package var status: [String] = ["status", "state"]
    /// Fields for the substatus.
    package var substatus: [String] = ["substatus", "priority"]
    /// The field that holds the children of a record in a document.
    package var children: String = "children"

    /// The defaults of the product: `title|name|label|id`, `subtitle|type|kind`, `body|description|location`.
    package init() {}

    /// Builds an item's content from its fields, taking for each part the first mapped field present.
    package func content(from fields: [ItemField], tags fieldTags: [String: [String]] = [:], fallbackTitle: String) -> ItemContent {
        // A few fields are searched in place; many are indexed once (the first field of a name wins).
        var byName: [String: String]?
        if fields.count > 12 {
            var index: [String: String] = [:]
            for field in fields where index[field.name] == nil { index[field.name] = field.value }
            byName = index
        }
        func value(_ name: String) -> String? {
            if let byName { return byName[name] }
            return fields.first { $0.name == name }?.value
        }
        func first(_ names: [String]) -> String {
            for name in names { if let value = value(name), !value.isEmpty { return value } }
            return ""
        }
        let body = first(body)
        var longer = first(description)
        if longer == body { longer = "" }
        var tagList: [String] = []
        for name in tags {
            if let list = fieldTags[name] { tagList = list; break }
            if let text = value(name), !text.isEmpty {
                tagList = text.split(separator: ",").map { $0.trimmingCharacters(in: " ") }.filter { !$0.isEmpty }
                break
            }
        }
        let title = first(title)
        return ItemContent(
            title: title.isEmpty ? fallbackTitle : title,
            subtitle: first(subtitle),
            body: body,
            footnote: first(footnote),
            description: longer,
            tags: tagList,
            status: first(status),
            substatus: first(substatus),
            fields: fields
        )
    }
}
