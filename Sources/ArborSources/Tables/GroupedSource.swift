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
        /// The place in ``Grouping/groups`` of each group under it, by its value.
        var byValue: [String: Int] = [:]
    }

    private struct Grouping: Sendable {
        var groups = [Group(values: [])]
        /// The place of each group, by its id.
        var byID = [GroupedSource.topID: 0]

        /// Puts a row under the group of its values, making the groups it is the first of. A row costs a lookup by
        /// value a level; an id is made once a group.
        mutating func add(_ row: String, values: [String]) {
            var place = 0
            for value in values {
                if let next = groups[place].byValue[value] {
                    place = next
                    continue
                }
                let group = Group(values: groups[place].values + [value])
                let id = GroupedSource.id(of: group.values)
                groups.append(group)
                byID[id] = groups.count - 1
                groups[place].byValue[value] = groups.count - 1
                groups[place].children.append(id)
                place = groups.count - 1
            }
            groups[place].children.append(row)
        }

        /// The group of an id, if it names one.
        subscript(id: String) -> Group? { byID[id].map { groups[$0] } }
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

    /// The groups, made the first time they are asked for from every row at the base's top (from the grouped
    /// columns alone where the table can read them so).
    private func groups() async throws -> Grouping {
        if let made = grouping.withLock({ $0 }) { return made }
        var made = Grouping()
        if let table = base as? any ColumnReading, try table.forEachTopRow(values: columns, { made.add($0, values: $1) }) {
            grouping.withLock { $0 = made }
            return made
        }
        guard let root = try await base.root() else { return made }
        let rows = try await root.isVirtual ? base.children(of: root.id) : [base.item(root.id)]
        if let first = rows.first, let missing = columns.first(where: { first.value(of: $0) == nil }) {
            let names = first.content.fields.map(\.name).joined(separator: ", ")
            throw SourceError("\(displayName): no column '\(missing)' to group by (columns: \(names))")
        }
        for row in rows { made.add(row.id, values: columns.map { row.value(of: $0) ?? "" }) }
        grouping.withLock { $0 = made }
        return made
    }

    /// The group a row is under, from its values.
    private func group(of row: String) async throws -> String? {
        guard let item = try? await base.item(row) else { return nil }
        return Self.id(of: columns.map { item.value(of: $0) ?? "" })
    }

    package func numberOfChildren(of id: String) async throws -> Int? {
        if let group = try await groups()[id] { return group.children.count }
        return try await base.numberOfChildren(of: id)
    }

    package func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        guard let group = try await groups()[id] else { return try await base.childIDs(of: id, in: range) }
        return Array(group.children[range.clamped(to: group.children.indices)])
    }

    package func parentID(of id: String) async throws -> String? {
        let made = try await groups()
        if let group = made[id] { return group.values.isEmpty ? nil : Self.id(of: group.values.dropLast()) }
        if let group = try await group(of: id), made[group]?.children.contains(id) == true { return group }
        return try await base.parentID(of: id)
    }

    package func item(_ id: String) async throws -> SourceItem {
        let made = try await groups()
        guard let group = made[id] else { return try await base.item(id) }
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
        guard try await groups()[id] != nil else { return try await base.children(of: id, in: range) }
        var items: [SourceItem] = []
        for child in try await childIDs(of: id, in: range) { items.append(try await item(child)) }
        return items
    }

    package func position(of childID: String, in parentID: String) async throws -> Int? {
        guard let group = try await groups()[parentID] else { return try await base.position(of: childID, in: parentID) }
        return group.children.firstIndex(of: childID)
    }
}
