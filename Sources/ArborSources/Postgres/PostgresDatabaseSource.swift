import ArborCore
import Synchronization

/// A whole PostgreSQL database, read lazily and read-only: its schemas, their tables and views (each counted in
/// the background), a table's rows a page at a time by key, a row's fields as its members. A table whose rows
/// name a parent row of the same table shows as the tree it is, through ``PostgresSource``.
///
/// Ids are pointer-like, each part escaped as in a JSON pointer: `/SCHEMA`, `/SCHEMA/TABLE`, `/SCHEMA/TABLE/ROW`
/// (the primary key's value, several as a JSON array of strings; a table without one by its `ctid`; a view's row
/// by its place from 1; a tree table's row by its id), `/SCHEMA/TABLE/ROW/COLUMN`.
package final class PostgresDatabaseSource: HierarchySource, BackgroundCounting, CancellingUnshown {
    package let displayName: String
    let target: PostgresTarget
    let pool: PostgresPool
    let mapping: FieldMapping
    /// The schemas that hold a relation, in order, each with its relations in order.
    let schemas: [(name: String, relations: [PostgresRelation])]
    /// The tree tables' sources, opened when first read.
    let trees = Mutex<[String: PostgresSource]>([:])
    /// Per table read a page at a time: the key of the last row of each page read, by the position after it.
    let pageEnds = Mutex<[String: [Int: [String?]]]>([:])

    /// Connects and lists the schemas, tables, views, their columns and keys; the error never names the password.
    init(_ target: PostgresTarget, mapping: FieldMapping) throws(PostgresError) {
        let shown = target.connection.isEmpty ? "postgres" : target.shown
        let connection: PostgresConnection
        do throws(PostgresError) { connection = try PostgresConnection(target) } catch {
            throw PostgresError("\(shown): \(error.message)", state: error.state)
        }
        self.target = target
        self.mapping = mapping
        displayName = connection.place
        schemas = try PostgresCatalog.relations(on: connection, mapping: mapping)
        pool = PostgresPool(target: target, first: connection)
    }

    /// The database's one table or view, when it has one alone.
    var onlyRelation: PostgresRelation? {
        schemas.count == 1 && schemas[0].relations.count == 1 ? schemas[0].relations[0] : nil
    }

    /// A find walks within a bound: every item costs a statement.
    package var searchBound: SearchBound { .lazyDefault }
    package var pagesChildren: Bool { true }

    package func root() async throws -> SourceRoot? { SourceRoot(id: "", isVirtual: true) }

    /// What an id names.
    enum Place {
        case database
        case schema(Int)
        case relation(PostgresRelation)
        case row(PostgresRelation, String)
        case field(PostgresRelation, String, String)
    }

    func place(of id: String) throws -> Place {
        if id.isEmpty { return .database }
        guard let parts = JSONPointer.segments(id)?.map(JSONPointer.unescape), parts.count <= 4,
              let schema = schemas.firstIndex(where: { $0.name == parts[0] })
        else { throw SourceError("\(displayName): no item '\(id)'") }
        guard parts.count > 1 else { return .schema(schema) }
        guard let relation = schemas[schema].relations.first(where: { $0.name == parts[1] }) else {
            throw SourceError("\(displayName): no table or view '\(parts[1])' in schema \(parts[0])")
        }
        switch parts.count {
        case 2: return .relation(relation)
        case 3: return .row(relation, parts[2])
        default: return .field(relation, parts[2], parts[3])
        }
    }

    static func id(_ parts: String...) -> String {
        parts.map { "/" + JSONPointer.escape($0) }.joined()
    }

    static func id(of relation: PostgresRelation) -> String { id(relation.schema, relation.name) }

    package func numberOfChildren(of id: String) async throws -> Int? {
        switch try place(of: id) {
        case .database: return schemas.count
        case .schema(let index): return schemas[index].relations.count
        case .relation(let relation):
            if relation.tree != nil { return try await tree(of: relation).numberOfChildren(of: "") }
            return try await count(of: relation)
        case .row(let relation, let key):
            if relation.tree != nil { return try await tree(of: relation).numberOfChildren(of: key) }
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
        case .schema: return ""
        case .relation(let relation): return Self.id(relation.schema)
        case .row(let relation, let key):
            guard relation.tree != nil, let parent = try await tree(of: relation).parentID(of: key) else { return Self.id(of: relation) }
            return Self.id(relation.schema, relation.name, parent)
        case .field(let relation, let key, _): return Self.id(relation.schema, relation.name, key)
        }
    }

    package func item(_ id: String) async throws -> SourceItem {
        switch try place(of: id) {
        case .database: return SourceItem(id: "", content: ItemContent(title: displayName, subtitle: "PostgreSQL database"), childCount: schemas.count)
        case .schema(let index): return item(ofSchema: index)
        case .relation(let relation): return item(of: relation)
        case .row(let relation, let key):
            if relation.tree != nil { return inRelation(try await tree(of: relation).item(key), relation) }
            guard let row = try await rows(of: relation, key: key).first else {
                throw SourceError("\(displayName): no row \(key) in \(relation.schema).\(relation.name)")
            }
            return row
        case .field(let relation, let key, let column):
            guard let field = try await fields(of: relation, row: key).first(where: { $0.content.title == column }) else {
                throw SourceError("\(displayName): no column '\(column)' in \(relation.schema).\(relation.name)")
            }
            return field
        }
    }

    package func children(of id: String) async throws -> [SourceItem] {
        try await children(of: id, in: 0..<Int(Int32.max))
    }

    package func pagedChildren(of id: String) async throws -> PagedChildren? {
        guard let count = try await numberOfChildren(of: id), count > ChildPaging.threshold else { return nil }
        return PagedChildren(count: count, first: try await children(of: id, in: 0..<ChildPaging.pageSize))
    }

    package func children(of id: String, in range: Range<Int>) async throws -> [SourceItem] {
        switch try place(of: id) {
        case .database:
            return schemas.indices.clamped(to: range).map(item(ofSchema:))
        case .schema(let index):
            let relations = schemas[index].relations
            return relations[range.clamped(to: relations.indices)].map(item(of:))
        case .relation(let relation):
            if relation.tree != nil { return try await tree(of: relation).children(of: "", in: range).map { inRelation($0, relation) } }
            return try await rows(of: relation, in: range)
        case .row(let relation, let key):
            if relation.tree != nil { return try await tree(of: relation).children(of: key, in: range).map { inRelation($0, relation) } }
            let fields = try await fields(of: relation, row: key)
            return Array(fields[range.clamped(to: fields.indices)])
        case .field: return []
        }
    }

    /// Cancels on the server the statements reading lists no longer shown.
    package func keepOnly(_ shownIDs: Set<String>) {
        pool.cancel(allBut: shownIDs)
        for tree in trees.withLock({ Array($0.values) }) { tree.keepOnly(shownIDs) }
    }

    private func item(ofSchema index: Int) -> SourceItem {
        let schema = schemas[index]
        return SourceItem(id: Self.id(schema.name), content: ItemContent(title: schema.name, subtitle: "schema"),
                          childCount: schema.relations.count)
    }

    /// A table's or view's item: its kind and columns, its rows counted in the background.
    private func item(of relation: PostgresRelation) -> SourceItem {
        let kind = relation.tree != nil ? relation.kind + " · tree" : relation.kind
        let columns = relation.columns.map(\.name).joined(separator: ", ")
        return SourceItem(id: Self.id(of: relation), content: ItemContent(title: relation.name, subtitle: kind, body: columns), childCount: nil)
    }

    /// A tree table's row with its id under the table.
    private func inRelation(_ item: SourceItem, _ relation: PostgresRelation) -> SourceItem {
        var item = item
        item.id = Self.id(relation.schema, relation.name, item.id)
        return item
    }

    /// The source of a tree table's rows, opened once.
    private func tree(of relation: PostgresRelation) async throws -> PostgresSource {
        let key = Self.id(of: relation)
        if let opened = trees.withLock({ $0[key] }) { return opened }
        guard let (id, parent) = relation.tree else { throw SourceError("\(displayName): \(relation.name) is not a tree") }
        var columns = mapping
        columns.id = [id]
        columns.parent = [parent]
        let (target, name, treeColumns) = (target, relation.schema + "." + relation.name, columns)
        let opened = try await BlockingWork.run { () throws -> PostgresSource in
            do throws(PostgresError) {
                return try PostgresSource(target, table: name, mapping: treeColumns, orderBy: nil, pathColumn: nil, root: nil)
            } catch {
                throw SourceError(error.message)
            }
        }
        return trees.withLock { all in
            if let existing = all[key] { return existing }
            all[key] = opened
            return opened
        }
    }

    /// Runs one statement on a thread outside Swift's cooperative pool; `label` names the list it reads.
    func query(_ sql: String, _ values: [String?], label: String? = nil) async throws -> PostgresRows {
        try await BlockingWork.run { [self] in
            do {
                return try pool.with(label: label) { try $0.query(sql, values) }
            } catch let error as PostgresError where error.wasCancelled {
                throw SourceError.cancelled(error.message)
            } catch let error as PostgresError {
                throw SourceError("\(displayName): \(error.message)")
            }
        }
    }
}
