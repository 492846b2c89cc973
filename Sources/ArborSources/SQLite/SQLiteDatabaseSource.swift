import ArborCore
import Synchronization

/// A whole SQLite database, opened read-only and read lazily: its tables and views (each counted in the
/// background), a table's rows a page at a time by rowid, a row's fields as its members. A table whose rows name a
/// parent row of the same table shows as the tree it is, through ``SQLiteSource``.
///
/// Ids are pointer-like, each part escaped as in a JSON pointer: `/TABLE`, `/TABLE/ROW` (the rowid, a view's row
/// position, or a tree table's id), `/TABLE/ROW/COLUMN`.
package final class SQLiteDatabaseSource: HierarchySource, BackgroundCounting, ReadingAhead, ChangeReporting {
    package let displayName: String
    let database: SQLiteDatabase
    /// A second connection for counting tables (a scan of each): a page asked for meanwhile does not wait for it.
    let counting: SQLiteDatabase
    let mapping: FieldMapping
    let relations: [SQLiteRelation]
    /// Counts of rows, and for a rowid table whether its rowids run without gaps from the first (then a page is a
    /// range of rowids), found once asked.
    let extents = Mutex<[String: (count: Int, first: Int64?, dense: Bool)]>([:])
    /// The extents assumed from the first and last rowids while the tables are counted (``pagingExtent(of:)``).
    let assumedExtents = Mutex<[String: (count: Int, first: Int64?, dense: Bool)]>([:])
    /// Where a count that corrects an assumed extent is reported.
    let relay = ChangeRelay()

    /// Opens `path` read-only and lists its tables and views.
    package init(path: String, mapping: FieldMapping) throws(SourceLoadError) {
        displayName = JSONTreeReader.displayName(for: path)
        self.mapping = mapping
        do {
            database = try SQLiteDatabase(path: path)
            counting = try SQLiteDatabase(path: path)
            let listed = try database.read { (db) throws(SQLiteError) in
                try db.rows("SELECT name, type FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name")
                    .map { ($0.values[0].shown, $0.values[1].shown == "view") }
            }
            var relations: [SQLiteRelation] = []
            for (name, isView) in listed {
                let columns = try database.read { (db) throws(SQLiteError) in try db.columns(in: name) }
                // A table without rowids (a view, WITHOUT ROWID) refuses the statement.
                let hasRowID = !isView && (try? database.read { (db) throws(SQLiteError) in
                    try db.rows("SELECT rowid FROM \(Self.quoted(name)) LIMIT 0")
                }) != nil
                let names = Set(columns.map(\.name))
                let isTree = !isView && mapping.id.contains(where: names.contains) && mapping.parent.contains(where: names.contains)
                let tree = isTree ? try? SQLiteSource(path: path, table: name, mapping: mapping, orderBy: nil) : nil
                relations.append(SQLiteRelation(name: name, isView: isView, columns: columns, hasRowID: hasRowID, tree: tree))
            }
            self.relations = relations
        } catch {
            throw SourceLoadError("\(path): \(error)")
        }
    }

    /// Everything is there from the start; a count correcting an assumed one is reported as a change of the list.
    package var isComplete: Bool { true }

    package func observeChanges(_ report: @escaping @Sendable (SourceChange) -> Void) {
        relay.observe(report)
    }

    static func quoted(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    /// A find walks within a bound: every item costs a query.
    package var searchBound: SearchBound { .lazyDefault }
    package var pagesChildren: Bool { true }

    package func root() async throws -> SourceRoot? { SourceRoot(id: "", isVirtual: true) }

    /// What an id names.
    enum Place {
        case database
        case relation(SQLiteRelation)
        case row(SQLiteRelation, String)
        case field(SQLiteRelation, String, String)
    }

    func place(of id: String) throws -> Place {
        if id.isEmpty { return .database }
        guard let parts = JSONPointer.segments(id)?.map(JSONPointer.unescape), let name = parts.first,
              let relation = relations.first(where: { $0.name == name }), parts.count <= 3
        else { throw SourceError("\(displayName): no item '\(id)'") }
        switch parts.count {
        case 1: return .relation(relation)
        case 2: return .row(relation, parts[1])
        default: return .field(relation, parts[1], parts[2])
        }
    }

    static func id(_ parts: String...) -> String {
        parts.map { "/" + JSONPointer.escape($0) }.joined()
    }

    package func numberOfChildren(of id: String) async throws -> Int? {
        switch try place(of: id) {
        case .database: return relations.count
        case .relation(let relation):
            if let tree = relation.tree { return try await tree.numberOfChildren(of: "") }
            return try extent(of: relation).count
        case .row(let relation, let key):
            if let tree = relation.tree { return try await tree.numberOfChildren(of: key) }
            return relation.columns.count
        case .field: return 0
        }
    }

    package func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        try await children(of: id, in: range).map(\.id)
    }

    package func parentID(of id: String) async throws -> String? {
        switch try place(of: id) {
        case .database: return nil
        case .relation: return ""
        case .row(let relation, let key):
            guard let tree = relation.tree, let parent = try await tree.parentID(of: key) else { return Self.id(relation.name) }
            return Self.id(relation.name, parent)
        case .field(let relation, let key, _): return Self.id(relation.name, key)
        }
    }

    package func item(_ id: String) async throws -> SourceItem {
        switch try place(of: id) {
        case .database: return SourceItem(id: "", content: ItemContent(title: displayName, subtitle: "SQLite database"), childCount: relations.count)
        case .relation(let relation): return item(of: relation)
        case .row(let relation, let key):
            if let tree = relation.tree { return inRelation(try await tree.item(key), relation) }
            guard let row = try rows(of: relation, where: key).first else { throw SourceError("\(displayName): no row \(key) in \(relation.name)") }
            return row
        case .field(let relation, let key, let column):
            guard let field = try fields(of: relation, row: key).first(where: { $0.content.title == column }) else {
                throw SourceError("\(displayName): no column '\(column)' in \(relation.name)")
            }
            return field
        }
    }

    package func children(of id: String) async throws -> [SourceItem] {
        try await children(of: id, in: 0..<Int(Int32.max))
    }

    package func pagedChildren(of id: String) async throws -> PagedChildren? {
        guard case .relation(let relation) = try place(of: id), relation.tree == nil else {
            guard let count = try await numberOfChildren(of: id), count > ChildPaging.threshold else { return nil }
            return PagedChildren(count: count, first: try await children(of: id, in: 0..<ChildPaging.pageSize))
        }
        let count = try pagingExtent(of: relation).count
        guard count > ChildPaging.threshold else { return nil }
        return PagedChildren(count: count, first: try await children(of: id, in: 0..<ChildPaging.pageSize))
    }

    package func children(of id: String, in range: Range<Int>) async throws -> [SourceItem] {
        switch try place(of: id) {
        case .database:
            return relations[range.clamped(to: relations.indices)].map(item(of:))
        case .relation(let relation):
            if let tree = relation.tree { return try await tree.children(of: "", in: range).map { inRelation($0, relation) } }
            return try rows(of: relation, in: range)
        case .row(let relation, let key):
            if let tree = relation.tree { return try await tree.children(of: key, in: range).map { inRelation($0, relation) } }
            let fields = try fields(of: relation, row: key)
            return Array(fields[range.clamped(to: fields.indices)])
        case .field: return []
        }
    }

    package func position(of childID: String, in parentID: String) async throws -> Int? {
        switch (try place(of: childID), try place(of: parentID)) {
        case (.relation(let relation), .database): return relations.firstIndex { $0.name == relation.name }
        case (.row(let relation, let key), .relation) where relation.tree == nil && relation.hasRowID:
            guard let rowid = Int64(key) else { return nil }
            return try query { (db) throws(SQLiteError) in
                try db.count("SELECT COUNT(*) FROM \(Self.quoted(relation.name)) WHERE rowid < ?", [.integer(rowid)])
            }
        case (.row(_, let key), .relation(let relation)) where relation.tree == nil: return Int(key).map { $0 - 1 }
        case (.field(let relation, _, let column), .row): return relation.columns.firstIndex { $0.name == column }
        default:
            return try await childIDs(of: parentID, in: 0..<Int(Int32.max)).firstIndex(of: childID)
        }
    }

    /// A tree table's row with its id under the table.
    private func inRelation(_ item: SourceItem, _ relation: SQLiteRelation) -> SourceItem {
        var item = item
        item.id = Self.id(relation.name, item.id)
        return item
    }

    /// A table's or view's item: its kind and columns, its rows counted in the background.
    private func item(of relation: SQLiteRelation) -> SourceItem {
        let count = extents.withLock { $0[relation.name]?.count }
        let kind = relation.isView ? "view" : relation.tree != nil ? "table · tree" : "table"
        let columns = relation.columns.map(\.name).joined(separator: ", ")
        return SourceItem(id: Self.id(relation.name), content: ItemContent(title: relation.name, subtitle: kind, body: columns),
                          childCount: count)
    }

    func query<Value>(on connection: SQLiteDatabase? = nil, _ body: (SQLiteConnection) throws(SQLiteError) -> Value) throws -> Value {
        do {
            return try (connection ?? database).read(body)
        } catch {
            throw SourceError("\(displayName): \(error)")
        }
    }
}
