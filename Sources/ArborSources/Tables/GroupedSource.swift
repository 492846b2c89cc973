import ArborCore
import Synchronization

/// Any flat table made a hierarchy by the values of some of its columns (`--group-by country,city`): each distinct
/// value of the first column is an item at the top, each of the second under it, and so on; the rows are under the
/// last, in their order. Groups are counted in their icons.
///
/// The top level's rows are read once, when the first list is asked for. A group's id is `=` and its values, each
/// escaped as a JSON pointer's part (`=/DE/Hamburg`; `=/` for an empty value); a row keeps its id.
package final class GroupedSource: HierarchySource {
    /// One group: its values from the top, and what it holds (groups, or at the last level rows).
    struct Group: Sendable {
        let values: [String]
        var children: [String] = []
    }

    private struct Grouping: Sendable {
        var groups: [String: Group] = [:]
        /// The group of each row.
        var rowGroup: [String: String] = [:]
    }

    let base: any HierarchySource
    let columns: [String]
    private let grouping = Mutex<Grouping?>(nil)

    /// Groups the top level of `base` by `columns`, outermost first.
    package init(_ base: any HierarchySource, by columns: [String]) {
        self.base = base
        self.columns = columns
    }

    package var displayName: String { base.displayName }
    package var pagesChildren: Bool { true }
    package var searchBound: SearchBound { base.searchBound }

    package func root() async throws -> SourceRoot? { SourceRoot(id: Self.topID, isVirtual: true) }

    /// The id of the virtual top.
    static let topID = "="

    static func id(of values: [String]) -> String {
        topID + values.map { "/" + JSONPointer.escape($0) }.joined()
    }

    /// The groups, made the first time they are asked for from every row at the base's top.
    private func groups() async throws -> Grouping {
        if let made = grouping.withLock({ $0 }) { return made }
        guard let root = try await base.root() else { return Grouping(groups: [Self.topID: Group(values: [])]) }
        let rows = try await root.isVirtual ? base.children(of: root.id) : [base.item(root.id)]
        var made = Grouping(groups: [Self.topID: Group(values: [])])
        if let first = rows.first, let missing = columns.first(where: { first.value(of: $0) == nil }) {
            let names = first.content.fields.map(\.name).joined(separator: ", ")
            throw SourceError("\(displayName): no column '\(missing)' to group by (columns: \(names))")
        }
        for row in rows {
            var values: [String] = []
            for column in columns {
                let parent = Self.id(of: values)
                values.append(row.value(of: column) ?? "")
                let id = Self.id(of: values)
                if made.groups[id] == nil {
                    made.groups[id] = Group(values: values)
                    made.groups[parent]?.children.append(id)
                }
            }
            let group = Self.id(of: values)
            made.groups[group]?.children.append(row.id)
            made.rowGroup[row.id] = group
        }
        grouping.withLock { $0 = made }
        return made
    }

    package func numberOfChildren(of id: String) async throws -> Int? {
        if let group = try await groups().groups[id] { return group.children.count }
        return try await base.numberOfChildren(of: id)
    }

    package func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        guard let group = try await groups().groups[id] else { return try await base.childIDs(of: id, in: range) }
        return Array(group.children[range.clamped(to: group.children.indices)])
    }

    package func parentID(of id: String) async throws -> String? {
        let made = try await groups()
        if let group = made.groups[id] { return group.values.isEmpty ? nil : Self.id(of: group.values.dropLast()) }
        if let group = made.rowGroup[id] { return group }
        return try await base.parentID(of: id)
    }

    package func item(_ id: String) async throws -> SourceItem {
        let made = try await groups()
        guard let group = made.groups[id] else { return try await base.item(id) }
        guard let value = group.values.last else {
            return SourceItem(id: id, content: ItemContent(title: displayName), childCount: group.children.count)
        }
        let column = columns[group.values.count - 1]
        let rows = group.values.count == columns.count ? "\(group.children.count) rows" : "\(group.children.count) groups"
        return SourceItem(id: id, content: ItemContent(title: value.isEmpty ? "(empty)" : value, subtitle: column, body: rows,
                                                       fields: [ItemField(name: column, value: value)]),
                          childCount: group.children.count)
    }

    package func children(of id: String) async throws -> [SourceItem] {
        guard let count = try await numberOfChildren(of: id) else { return try await base.children(of: id) }
        return try await children(of: id, in: 0..<count)
    }

    package func children(of id: String, in range: Range<Int>) async throws -> [SourceItem] {
        guard try await groups().groups[id] != nil else { return try await base.children(of: id, in: range) }
        var items: [SourceItem] = []
        for child in try await childIDs(of: id, in: range) { items.append(try await item(child)) }
        return items
    }

    package func position(of childID: String, in parentID: String) async throws -> Int? {
        guard let group = try await groups().groups[parentID] else { return try await base.position(of: childID, in: parentID) }
        return group.children.firstIndex(of: childID)
    }
}
