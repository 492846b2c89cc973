import ArborCore
import Synchronization

/// An adjacency table in a SQLite database, opened read-only and read lazily: one query for the children of
/// an item and one for their child counts (up to a thousand each), each time a column opens.
///
/// The first column lists the rows whose parent is NULL or empty. Ids are the id column's values as text; the
/// queries compare with the column's own type (``SQLiteIDValues``).
///
/// Children are read ahead: one indexed query, no side effects.
package final class SQLiteSource: HierarchySource, ReadingAhead, BackgroundCounting {
    package let displayName: String
    private let database: SQLiteDatabase
    private let table: String
    private let idColumn: String
    private let parentColumn: String
    private let orderColumn: String
    private let mapping: FieldMapping
    private let values: Mutex<SQLiteIDValues>
    /// Per parent shown a page at a time: its count and the keys of rows at known positions.
    private let anchors = Mutex<[String: KeysetAnchors<[SQLiteValue]>]>([:])

    /// Opens `path` read-only and checks that the table and columns exist; the error names what does.
    package init(path: String, table: String?, mapping: FieldMapping, orderBy: String?) throws(SourceLoadError) {
        displayName = JSONTreeReader.displayName(for: path)
        do {
            database = try SQLiteDatabase(path: path)
            let tables = try database.read { (db) throws(SQLiteError) in
                try db.rows("SELECT name FROM sqlite_master WHERE type IN ('table', 'view') ORDER BY name").map { $0.values[0].shown }
            }
            guard let chosen = table ?? (tables.count == 1 ? tables[0] : nil) else {
                throw SourceLoadError("\(path): name the table with --table (tables: \(tables.joined(separator: ", ")))")
            }
            guard tables.contains(chosen) else {
                throw SourceLoadError("\(path): no table '\(chosen)' (tables: \(tables.isEmpty ? "none" : tables.joined(separator: ", ")))")
            }
            self.table = chosen
            let described = try database.read { (db) throws(SQLiteError) in try db.columns(in: chosen) }
            let columns = described.map(\.name)
            func pick(_ names: [String], _ option: String) throws(SourceLoadError) -> String {
                guard let name = names.first(where: columns.contains) else {
                    throw SourceLoadError("\(path): table '\(chosen)' has no column '\(names.joined(separator: "' or '"))' "
                        + "(columns: \(columns.joined(separator: ", "))); name it with \(option)")
                }
                return name
            }
            idColumn = try pick(mapping.id, "--id")
            parentColumn = try pick(mapping.parent, "--parent")
            let compared = [idColumn, parentColumn]
            values = Mutex(SQLiteIDValues(declaredTypes: compared.map { name in described.first { $0.name == name }?.type ?? "" }))
            orderColumn = try pick(orderBy.map { [$0] } ?? [idColumn], "--order-by")
            self.mapping = mapping
        } catch let error as SourceLoadError {
            throw error
        } catch {
            throw SourceLoadError("\(path): \(error)")
        }
    }

    private func quoted(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    /// A find walks within a bound: every item costs a request.
    package var searchBound: SearchBound { .lazyDefault }

    package func root() async throws -> SourceRoot? { SourceRoot(id: "", isVirtual: true) }

    package func numberOfChildren(of id: String) async throws -> Int? {
        try query { (db) throws(SQLiteError) in try db.count("SELECT COUNT(*) FROM \(quoted(table)) WHERE \(condition(for: id))", arguments(for: id)) }
    }

    package func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        try await children(of: id, limit: range.count, offset: range.lowerBound).map(\.id)
    }

    package func parentID(of id: String) async throws -> String? {
        guard !id.isEmpty else { return nil }
        let value = try query { (db) throws(SQLiteError) in
            try db.value("SELECT \(quoted(parentColumn)) FROM \(quoted(table)) WHERE \(quoted(idColumn)) = ?", [stored(id)])
        }
        guard let value, !value.isNull else { return nil }
        let text = value.shown
        return text.isEmpty ? nil : text
    }

    package func item(_ id: String) async throws -> SourceItem {
        guard !id.isEmpty else { return SourceItem(id: "", content: ItemContent(title: displayName), childCount: nil) }
        let items = try query { (db) throws(SQLiteError) in
            try rows(db, sql: "SELECT * FROM \(quoted(table)) WHERE \(quoted(idColumn)) = ?", arguments: [stored(id)])
        }
        guard let item = items.first else { throw SourceError("no row with \(idColumn) '\(id)' in \(table)") }
        return item
    }

    package func children(of id: String) async throws -> [SourceItem] {
        try await children(of: id, limit: -1, offset: 0)
    }

    /// Rows read in pages from one query; each page is shown before the next is read.
    package func children(of id: String, partial: @Sendable ([SourceItem]) -> Void) async throws -> [SourceItem] {
        try query { (db) throws(SQLiteError) in
            var all: [SourceItem] = []
            var page: [SQLiteRow] = []
            try db.each("SELECT * FROM \(quoted(table)) WHERE \(condition(for: id)) ORDER BY \(ordering(descending: false))",
                        arguments(for: id)) { (row) throws(SQLiteError) in
                page.append(row)
                if page.count == Self.pageSize {
                    let items = try items(for: page, db)
                    partial(items)
                    all += items
                    page.removeAll(keepingCapacity: true)
                }
            }
            return try all + items(for: page, db)
        }
    }

    /// Rows per page of a column.
    static let pageSize = 5_000

    private func children(of id: String, limit: Int, offset: Int) async throws -> [SourceItem] {
        try query { (db) throws(SQLiteError) in
            try rows(db, sql: "SELECT * FROM \(quoted(table)) WHERE \(condition(for: id)) ORDER BY \(ordering(descending: false)) "
                + "LIMIT \(limit) OFFSET \(offset)", arguments: arguments(for: id))
        }
    }

    /// A long list of children is read a page at a time by keyset: each page starts after the keys of a row
    /// already read (or from either end), never skipping more rows than lie between it and the nearest one.
    package var pagesChildren: Bool { true }

    package func pagedChildren(of id: String) async throws -> PagedChildren? {
        guard let count = try await numberOfChildren(of: id), count > ChildPaging.threshold else { return nil }
        anchors.withLock { $0[id] = KeysetAnchors(count: count) }
        return PagedChildren(count: count, first: try await children(of: id, in: 0..<ChildPaging.pageSize))
    }

    package func children(of id: String, in range: Range<Int>) async throws -> [SourceItem] {
        guard !range.isEmpty else { return [] }
        let known = anchors.withLock { $0[id] }
        let plan = known?.plan(for: range) ?? KeysetPlan<[SQLiteValue]>(after: nil, descending: false, skip: range.lowerBound)
        let keyColumns = orderColumn == idColumn ? [idColumn] : [orderColumn, idColumn]
        return try query { (db) throws(SQLiteError) in
            var sql = "SELECT * FROM \(quoted(table)) WHERE \(condition(for: id))"
            var values: [SQLiteValue] = id.isEmpty ? [] : [stored(id)]
            if let after = plan.after {
                let columns = keyColumns.map(quoted).joined(separator: ", ")
                let marks = Array(repeating: "?", count: after.count).joined(separator: ", ")
                sql += " AND (\(columns)) \(plan.descending ? "<" : ">") (\(marks))"
                values += after
            }
            sql += " ORDER BY \(ordering(descending: plan.descending)) LIMIT \(range.count) OFFSET \(plan.skip)"
            var rows = try db.rows(sql, values)
            if let count = known?.count, plan.after != nil, rows.count < min(range.count, count - range.lowerBound) {
                // Keys that do not compare (NULL in the order column) are read by position instead.
                return try self.rows(db, sql: "SELECT * FROM \(quoted(table)) WHERE \(condition(for: id)) ORDER BY "
                    + "\(ordering(descending: false)) LIMIT \(range.count) OFFSET \(range.lowerBound)", arguments: arguments(for: id))
            }
            if plan.descending { rows.reverse() }
            let keys = { (row: SQLiteRow) in keyColumns.map { row[$0] } }
            anchors.withLock { all in
                let start = plan.descending ? range.upperBound - rows.count : range.lowerBound
                all[id]?.record(start: start, first: rows.first.map(keys), last: rows.last.map(keys), rows: rows.count)
            }
            return try items(for: rows, db)
        }
    }

    package func position(of childID: String, in parentID: String) async throws -> Int? {
        guard !childID.isEmpty else { return nil }
        return try query { (db) throws(SQLiteError) -> Int? in
            let keyColumns = orderColumn == idColumn ? [idColumn] : [orderColumn, idColumn]
            guard let row = try db.rows("SELECT \(keyColumns.map(quoted).joined(separator: ", ")) FROM \(quoted(table)) "
                + "WHERE \(quoted(idColumn)) = ? AND \(condition(for: parentID)) LIMIT 1", [stored(childID)] + arguments(for: parentID)).first
            else { return nil }
            // Rows before it in ORDER BY, NULLs first as SQLite sorts them.
            let id = quoted(idColumn)
            var before = "\(id) < ?"
            var values: [SQLiteValue] = [row[idColumn]]
            if keyColumns.count == 2 {
                let order = quoted(orderColumn)
                let value = row[orderColumn]
                before = value.isNull ? "(\(order) IS NULL AND \(id) < ?)"
                    : "(\(order) IS NULL OR \(order) < ? OR (\(order) = ? AND \(id) < ?))"
                values = value.isNull ? values : [value, value] + values
            }
            return try db.count("SELECT COUNT(*) FROM \(quoted(table)) WHERE \(condition(for: parentID)) AND \(before)",
                                arguments(for: parentID) + values)
        }
    }

    /// The order children are listed in: the order column, then the id for rows that tie.
    private func ordering(descending: Bool) -> String {
        let direction = descending ? " DESC" : ""
        let columns = orderColumn == idColumn ? [idColumn] : [orderColumn, idColumn]
        return columns.map { quoted($0) + direction }.joined(separator: ", ")
    }

    private func condition(for id: String) -> String {
        id.isEmpty ? "(\(quoted(parentColumn)) IS NULL OR \(quoted(parentColumn)) = '')" : "\(quoted(parentColumn)) = ?"
    }

    private func arguments(for id: String) -> [SQLiteValue] {
        id.isEmpty ? [] : [stored(id)]
    }

    /// The id's value as the table holds it, when it has been read; its text otherwise.
    private func stored(_ id: String) -> SQLiteValue {
        values.withLock { $0.value(for: id) }
    }

    /// Items for the rows a query returns, with their child counts from one grouped query.
    private func rows(_ db: SQLiteConnection, sql: String, arguments: [SQLiteValue]) throws(SQLiteError) -> [SourceItem] {
        try items(for: try db.rows(sql, arguments), db)
    }

    /// Items for rows, with their child counts from one query per 500 rows, each stopping past
    /// ``ChildPaging/listedCountLimit``.
    private func items(for rows: [SQLiteRow], _ db: SQLiteConnection) throws(SQLiteError) -> [SourceItem] {
        let ids = rows.map { $0[idColumn] }
        var counts: [String: Int] = [:]
        if !ids.isEmpty {
            for chunk in stride(from: 0, to: ids.count, by: 500) {
                let slice = Array(ids[chunk..<min(chunk + 500, ids.count)])
                let marks = Array(repeating: "(?)", count: slice.count).joined(separator: ",")
                let countRows = try db.rows("WITH ids(p) AS (VALUES \(marks)) SELECT p, (SELECT COUNT(*) FROM "
                    + "(SELECT 1 FROM \(quoted(table)) WHERE \(quoted(parentColumn)) = ids.p LIMIT \(ChildPaging.listedCountLimit + 1))) AS n FROM ids",
                    slice)
                for row in countRows {
                    if case .integer(let count) = row.values[1] { counts[row.values[0].shown] = Int(count) }
                }
            }
        }
        var items: [SourceItem] = []
        var seen: [String: SQLiteValue] = [:]
        for (row, value) in zip(rows, ids) {
            let id = value.shown
            seen[id] = value
            let fields = zip(row.columnNames, row.values).map { ItemField(name: $0, value: $1.shown) }
            items.append(SourceItem(id: id, content: mapping.content(from: fields, fallbackTitle: id),
                                    childCount: ChildPaging.listedCount(counts[id] ?? 0)))
        }
        values.withLock { $0.record(seen) }
        return items
    }

    private func query<Value>(_ body: (SQLiteConnection) throws(SQLiteError) -> Value) throws -> Value {
        do {
            return try database.read(body)
        } catch {
            throw SourceError("\(displayName): \(error)")
        }
    }
}
