import ArborCore
import Synchronization

/// A table or view in a PostgreSQL database, read lazily and read-only: one indexed query for the children of
/// an item (a page at a time by keyset when there are many), one statement for their child counts (a count past
/// a thousand is asked on its own afterwards).
/// Every statement runs in a read-only transaction under a time-out, with values as parameters and names
/// quoted by libpq; a statement for a list no longer shown is cancelled on the server.
package final class PostgresSource: HierarchySource, ReadingAhead, BackgroundCounting, CancellingUnshown, ChangeReporting {
    package let displayName: String
    let pool: PostgresPool
    let shape: PostgresShape
    let table: PostgresTable
    let mapping: FieldMapping
    let idName: String
    private let keyNames: [String]
    let start: String?
    /// Per parent shown a page at a time: its count and the keys of rows at known positions.
    private let anchors = Mutex<[String: KeysetAnchors<[String?]>]>([:])
    /// Where changes are reported (a long list's exact count, once known).
    private let reporter = Mutex<(@Sendable (SourceChange) -> Void)?>(nil)
    /// Lists the planner expects longer than this are shown before they are counted.
    static let countedLater = 200_000

    /// Connects, finds the table and its columns; the error names what is missing, never the password.
    init(_ target: PostgresTarget, table requested: String?, mapping: FieldMapping, orderBy: String?,
         pathColumn: String?, root: String?) throws(PostgresError) {
        let shown = target.connection.isEmpty ? "postgres" : target.shown
        let connection: PostgresConnection
        do throws(PostgresError) { connection = try PostgresConnection(target) } catch {
            throw PostgresError("\(shown): \(error.message)", state: error.state)
        }
        table = try PostgresTable(requested, on: connection, place: shown)
        idName = try table.column(pathColumn.map { [$0] } ?? mapping.id, option: pathColumn == nil ? "--id" : "--path-column", place: shown)
        let order = try table.column(orderBy.map { [$0] } ?? [idName], option: "--order-by", place: shown)
        keyNames = order == idName ? [idName] : [order, idName]
        let kind: PostgresShape.Kind
        if pathColumn != nil {
            kind = table.type(of: idName) == "ltree" ? .ltree : .textPath
        } else {
            kind = .adjacency(parent: try connection.quoted(try table.column(mapping.parent, option: "--parent", place: shown)))
        }
        let parentType = pathColumn == nil ? table.type(of: try table.column(mapping.parent, option: "--parent", place: shown)) : ""
        let columns = table.columns
        let titleNames = mapping.title.filter { name in columns.contains { $0.name == name } }
        shape = PostgresShape(kind: kind, table: table.quotedName, id: try connection.quoted(idName),
                              keys: try keyNames.map { name throws(PostgresError) in try connection.quoted(name) },
                              parentIsText: parentType == "text" || parentType.hasPrefix("character"),
                              idIsUnique: table.uniqueColumns.contains(idName),
                              titles: try titleNames.map { name throws(PostgresError) in try connection.quoted(name) },
                              columns: try columns.map { column throws(PostgresError) in try connection.quoted(column.name) })
        self.mapping = mapping
        start = root
        displayName = "\(table.name) · \(connection.place)"
        do throws(PostgresError) {
            _ = try connection.query("SELECT \(shape.id) FROM \(table.quotedName) LIMIT 0")
        } catch {
            throw PostgresError("\(shown): \(error.message)", state: error.state)
        }
        pool = PostgresPool(target: target, first: connection)
        if let root, try connection.query("SELECT 1 FROM \(table.quotedName) WHERE \(shape.isItem("$1"))", [root]).rows.isEmpty {
            throw PostgresError("\(shown): no row with \(idName) '\(root)' in \(table.name) (--root)")
        }
    }

    /// A find walks within a bound: every item costs a request.
    package var searchBound: SearchBound { .lazyDefault }

    package func root() async throws -> SourceRoot? {
        SourceRoot(id: start ?? "", isVirtual: start == nil)
    }

    /// Counted apart from any list: a count asked in the background for a row of a shown list goes on while
    /// that row's own list is not shown.
    package func numberOfChildren(of id: String) async throws -> Int? {
        try await exactCount(of: id, label: nil)
    }

    /// `count(*)` of the children of `id`; `label` names the list the count is for, for cancelling.
    private func exactCount(of id: String, label: String?) async throws -> Int? {
        var values: [String?] = []
        let condition = shape.childOf(id, &values)
        let sql = "SELECT count(*) FROM \(shape.table) WHERE \(condition)"
        return try await query(sql, values, label: label).rows.first?.first.flatMap { $0.flatMap { Int($0) } }
    }

    package func childIDs(of id: String, in range: Range<Int>) async throws -> [String] {
        try await children(of: id, in: range).map(\.id)
    }

    package func parentID(of id: String) async throws -> String? {
        guard !id.isEmpty, id != start else { return nil }
        let parent = try await query(shape.parentQuery, [id]).rows.first?.first ?? nil
        return parent.flatMap { $0.isEmpty ? nil : $0 }
    }

    package func item(_ id: String) async throws -> SourceItem {
        guard !id.isEmpty else { return SourceItem(id: "", content: ItemContent(title: displayName), childCount: nil) }
        let rows = try await query("SELECT * FROM \(shape.table) WHERE \(shape.isItem("$1"))", [id])
        guard !rows.rows.isEmpty else { throw SourceError("\(displayName): no row with \(idName) '\(id)'") }
        return try await items(for: rows, label: nil)[0]
    }

    package func children(of id: String) async throws -> [SourceItem] {
        var values: [String?] = []
        let condition = shape.childOf(id, &values)
        let rows = try await query("SELECT * FROM \(shape.table) WHERE \(condition) ORDER BY \(shape.ordering(descending: false))",
                                   values, label: id)
        return try await items(for: rows, label: id)
    }

    /// A long list of children is read a page at a time by keyset, never skipping more rows than lie between
    /// the page and the nearest row already read.
    package var pagesChildren: Bool { true }

    /// The count, the first page and the page's child counts are asked side by side, on connections of their
    /// own. A list the planner expects short is counted by its first page instead, when that page is not full:
    /// one connection and no second round trip. A list the planner expects very long is shown at once with
    /// that estimate; its exact count follows as a change, its first page kept.
    package func pagedChildren(of id: String) async throws -> PagedChildren? {
        let estimate = try await estimatedCount(of: id)
        let deferred = estimate.map { $0 > Self.countedLater } ?? false
        let expectedShort = estimate.map { $0 < ChildPaging.pageSize / 2 } ?? false
        let counting = expectedShort ? nil : Task { try await count(of: id, known: deferred ? estimate : nil) }
        var values: [String?] = []
        let condition = shape.childOf(id, &values)
        let rows = try await query("SELECT * FROM \(shape.table) WHERE \(condition) ORDER BY \(shape.ordering(descending: false)) "
            + "LIMIT \(ChildPaging.pageSize)", values, label: id)
        if rows.rows.count < ChildPaging.pageSize {
            let whole = try await items(for: rows, label: id)
            return PagedChildren(count: whole.count, first: whole)
        }
        async let first = items(for: rows, label: id)
        let counted: Int?
        if let counting { counted = try await counting.value } else { counted = try await count(of: id, known: nil) }
        guard let count = counted, count > ChildPaging.threshold else { return nil }
        let keys = keys(in: rows.columns)
        let anchor = { @Sendable (count: Int) in
            var anchored = KeysetAnchors<[String?]>(count: count)
            anchored.record(start: 0, first: rows.rows.first.map(keys), last: rows.rows.last.map(keys), rows: rows.rows.count)
            return anchored
        }
        anchors.withLock { $0[id] = anchor(count) }
        if deferred {
            Task { [self] in
                guard let exact = try? await exactCount(of: id, label: id) else { return }
                // Rows read meanwhile were placed by the estimate: only the first page's keys are kept.
                anchors.withLock { $0[id] = anchor(exact) }
                reporter.withLock { $0 }?(.childCountChanged(of: id, count: exact))
            }
        }
        return PagedChildren(count: count, first: try await first)
    }

    /// The count given, or the count asked of the server.
    private func count(of id: String, known: Int?) async throws -> Int? {
        if let known { return known }
        return try await exactCount(of: id, label: id)
    }

    /// The planner's estimate of how many children `id` has (no rows are read).
    private func estimatedCount(of id: String) async throws -> Int? {
        var values: [String?] = []
        let condition = shape.childOf(id, &values)
        let plan = try await query("EXPLAIN SELECT 1 FROM \(shape.table) WHERE \(condition)", values, label: id)
        guard let line = plan.rows.first?.first ?? nil, let match = line.firstMatch(of: /rows=([0-9]+)/) else { return nil }
        return Int(match.1)
    }

    package var isComplete: Bool { true }

    package func observeChanges(_ report: @escaping @Sendable (SourceChange) -> Void) {
        reporter.withLock { $0 = report }
    }

    /// The order keys of a row with these columns.
    private func keys(in columns: [String]) -> @Sendable ([String?]) -> [String?] {
        let positions = keyNames.compactMap { columns.firstIndex(of: $0) }
        return { row in positions.map { row[$0] } }
    }

    package func children(of id: String, in range: Range<Int>) async throws -> [SourceItem] {
        guard !range.isEmpty else { return [] }
        let known = anchors.withLock { $0[id] }
        let plan = known?.plan(for: range) ?? KeysetPlan<[String?]>(after: nil, descending: false, skip: range.lowerBound)
        var values: [String?] = []
        var sql = "SELECT * FROM \(shape.table) WHERE \(shape.childOf(id, &values))"
        if let after = plan.after {
            let marks = after.indices.map { "$\(values.count + $0 + 1)" }.joined(separator: ", ")
            sql += " AND (\(shape.keys.joined(separator: ", "))) \(plan.descending ? "<" : ">") (\(marks))"
            values += after
        }
        sql += " ORDER BY \(shape.ordering(descending: plan.descending)) LIMIT \(range.count) OFFSET \(plan.skip)"
        var rows = try await query(sql, values, label: id)
        if let count = known?.count, plan.after != nil, rows.rows.count < min(range.count, count - range.lowerBound) {
            // Keys that do not compare (NULL in the order column) are read by position instead.
            var values: [String?] = []
            let condition = shape.childOf(id, &values)
            rows = try await query("SELECT * FROM \(shape.table) WHERE \(condition) ORDER BY \(shape.ordering(descending: false)) "
                + "LIMIT \(range.count) OFFSET \(range.lowerBound)", values, label: id)
            return try await items(for: rows, label: id)
        }
        if plan.descending { rows.rows.reverse() }
        let keys = keys(in: rows.columns)
        anchors.withLock { all in
            let first = plan.descending ? range.upperBound - rows.rows.count : range.lowerBound
            all[id]?.record(start: first, first: rows.rows.first.map(keys), last: rows.rows.last.map(keys), rows: rows.rows.count)
        }
        return try await items(for: rows, label: id)
    }

    package func position(of childID: String, in parentID: String) async throws -> Int? {
        guard !childID.isEmpty else { return nil }
        var values: [String?] = [childID]
        let condition = shape.childOf(parentID, &values)
        let key = shape.keys.count == 2 ? shape.keys[0] : nil
        let before = key.map { order in
            "CASE WHEN x.o IS NULL THEN (\(order) IS NOT NULL OR \(shape.id) < x.i) ELSE (\(order) < x.o OR (\(order) = x.o AND \(shape.id) < x.i)) END"
        } ?? "\(shape.id) < x.i"
        let rows = try await query("SELECT (SELECT count(*) FROM \(shape.table) WHERE \(condition) AND \(before)) FROM "
            + "(SELECT \(key ?? "NULL") AS o, \(shape.id) AS i FROM \(shape.table) WHERE \(shape.isItem("$1")) AND \(condition)) AS x",
            values, label: parentID)
        return rows.rows.first?.first.flatMap { $0.flatMap { Int($0) } }
    }

    /// Cancels on the server the statements for lists not among these.
    package func keepOnly(_ shownIDs: Set<String>) {
        pool.cancel(allBut: shownIDs)
    }

    /// Items for rows, with their child counts from one statement; a count past the limit is left unknown, for
    /// the browser to ask in the background.
    private func items(for rows: PostgresRows, label: String?) async throws -> [SourceItem] {
        guard let idColumn = rows.columns.firstIndex(of: idName) else { return [] }
        let ids = rows.rows.map { $0[idColumn] ?? "" }
        var counts: [String: Int] = [:]
        if !ids.isEmpty {
            let query = shape.counts(of: ids)
            for row in try await self.query(query.sql, query.values, label: label).rows {
                counts[row[0] ?? ""] = row[1].flatMap { Int($0) }
            }
        }
        return zip(rows.rows, ids).map { row, id in
            let fields = zip(rows.columns, row).map { ItemField(name: $0, value: $1 ?? "") }
            return SourceItem(id: id, content: mapping.content(from: fields, fallbackTitle: id),
                              childCount: ChildPaging.listedCount(counts[id] ?? 0))
        }
    }

    /// Runs one statement on a thread outside Swift's cooperative pool, which a slow server would otherwise
    /// hold while the statement runs; `label` names the list it reads, for cancelling.
    private func query(_ sql: String, _ values: [String?], label: String? = nil) async throws -> PostgresRows {
        try await BlockingWork.run { [self] in try run(label: label) { try $0.query(sql, values) } }
    }

    /// Runs `body` on a connection; an error names the source, a cancelled statement says so.
    private func run<Value>(label: String? = nil, _ body: (PostgresConnection) throws -> Value) throws -> Value {
        do {
            return try pool.with(label: label, body)
        } catch let error as PostgresError where error.wasCancelled {
            throw SourceError.cancelled(error.message)
        } catch let error as PostgresError {
            throw SourceError("\(displayName): \(error.message)")
        }
    }

    /// Streams the rows of `sql` to `row`, one at a time, until it says stop; an error `row` throws ends it.
    /// With `valueMayNotFit`, a value the column's type cannot hold (`abc` for an integer id) matches nothing.
    func stream(_ sql: String, _ values: [String?], valueMayNotFit: Bool = false, row: (PostgresRows) throws -> Bool) throws {
        var failure: (any Error)?
        try run { connection in
            do {
                try connection.stream(sql, values) { rows in
                    do { return try row(rows) } catch { failure = error; return false }
                }
            } catch let error as PostgresError where valueMayNotFit && error.state == "22P02" {
                return
            }
        }
        if let failure { throw failure }
    }

    /// The item of a row whose first columns are the table's.
    func item(of row: [String?], columns: [String]) -> SourceItem {
        let count = table.columns.count
        let fields = zip(columns.prefix(count), row.prefix(count)).map { ItemField(name: $0, value: $1 ?? "") }
        let id = columns.firstIndex(of: idName).flatMap { row[$0] } ?? ""
        return SourceItem(id: id, content: mapping.content(from: fields, fallbackTitle: id), childCount: nil)
    }
}
