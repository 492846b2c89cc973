import ArborCore

extension SQLiteDatabaseSource {
    /// How many rows a table or view has and, for a rowid table, its first rowid and whether the rowids run on
    /// without a gap from it (a page is then a range of rowids, whatever its place).
    func extent(of relation: SQLiteRelation) throws -> (count: Int, first: Int64?, dense: Bool) {
        if let known = extents.withLock({ $0[relation.name] }) { return known }
        let table = Self.quoted(relation.name)
        let found = try query(on: counting) { (db) throws(SQLiteError) -> (count: Int, first: Int64?, dense: Bool) in
            let count = try db.count("SELECT COUNT(*) FROM \(table)") ?? 0
            guard relation.hasRowID, count > 0, let (first, last) = try Self.rowidEnds(of: table, db) else { return (count, nil, false) }
            return (count, first, last - first + 1 == Int64(count))
        }
        extents.withLock { $0[relation.name] = found }
        return found
    }

    /// The extent a table's rows are paged by now: the counted one; or, until its count (a scan of the whole
    /// table) is done in the background, one assumed from its first and last rowids as if they ran without gaps.
    /// When the count says otherwise, the table's list is reported changed and read again by the counted extent.
    func pagingExtent(of relation: SQLiteRelation) throws -> (count: Int, first: Int64?, dense: Bool) {
        if let known = extents.withLock({ $0[relation.name] }) { return known }
        if let assumed = assumedExtents.withLock({ $0[relation.name] }) { return assumed }
        let table = Self.quoted(relation.name)
        guard relation.hasRowID, let (first, last) = try query({ (db) throws(SQLiteError) in try Self.rowidEnds(of: table, db) }),
              last >= first
        else { return try extent(of: relation) }
        let assumed = (count: Int(last - first + 1), first: Optional(first), dense: true)
        assumedExtents.withLock { $0[relation.name] = assumed }
        WorkerThreads.start { [self] in
            guard let counted = try? extent(of: relation) else { return }
            if counted.count != assumed.count || !counted.dense { relay.send(.childrenChanged(of: Self.id(relation.name))) }
        }
        return assumed
    }

    /// A table's first and last rowids, each from its own statement: SQLite finds a lone `min` or `max` of the
    /// rowid at an end of the table, but both in one statement scan every row.
    static func rowidEnds(of table: String, _ db: SQLiteConnection) throws(SQLiteError) -> (Int64, Int64)? {
        guard case .integer(let first)? = try db.value("SELECT min(rowid) FROM \(table)"),
              case .integer(let last)? = try db.value("SELECT max(rowid) FROM \(table)") else { return nil }
        return (first, last)
    }

    /// The rows of a table or view at a range of places, in rowid order (a view's in the order it gives).
    func rows(of relation: SQLiteRelation, in range: Range<Int>) throws -> [SourceItem] {
        guard !range.isEmpty else { return [] }
        let table = Self.quoted(relation.name)
        guard relation.hasRowID else {
            return try query { (db) throws(SQLiteError) in
                try db.rows("SELECT * FROM \(table) LIMIT \(range.count) OFFSET \(range.lowerBound)")
            }.enumerated().map { row(of: relation, key: String(range.lowerBound + $0.offset + 1), names: $0.element.columnNames, values: $0.element.values) }
        }
        let extent = try pagingExtent(of: relation)
        let found = try query { (db) throws(SQLiteError) in
            if extent.dense, let first = extent.first {
                let start = first + Int64(range.lowerBound)
                return try db.rows("SELECT rowid, * FROM \(table) WHERE rowid >= ? AND rowid < ? ORDER BY rowid",
                                   [.integer(start), .integer(start + Int64(range.count))])
            }
            return try db.rows("SELECT rowid, * FROM \(table) ORDER BY rowid LIMIT \(range.count) OFFSET \(range.lowerBound)")
        }
        return found.map { keyed(relation, $0) }
    }

    /// The row `key` names: its rowid, or for a view its place from 1.
    func rows(of relation: SQLiteRelation, where key: String) throws -> [SourceItem] {
        let table = Self.quoted(relation.name)
        if relation.hasRowID {
            guard let rowid = Int64(key) else { return [] }
            return try query { (db) throws(SQLiteError) in
                try db.rows("SELECT rowid, * FROM \(table) WHERE rowid = ?", [.integer(rowid)])
            }.map { keyed(relation, $0) }
        }
        guard let place = Int(key), place >= 1 else { return [] }
        return try query { (db) throws(SQLiteError) in try db.rows("SELECT * FROM \(table) LIMIT 1 OFFSET \(place - 1)") }
            .map { row(of: relation, key: key, names: $0.columnNames, values: $0.values) }
    }

    /// A row's fields as its members: each column's value, a BLOB as its size.
    func fields(of relation: SQLiteRelation, row key: String) throws -> [SourceItem] {
        let table = Self.quoted(relation.name)
        let found: [SQLiteRow]
        if relation.hasRowID {
            guard let rowid = Int64(key) else { return [] }
            found = try query { (db) throws(SQLiteError) in try db.rows("SELECT * FROM \(table) WHERE rowid = ?", [.integer(rowid)]) }
        } else {
            guard let place = Int(key), place >= 1 else { return [] }
            found = try query { (db) throws(SQLiteError) in try db.rows("SELECT * FROM \(table) LIMIT 1 OFFSET \(place - 1)") }
        }
        guard let row = found.first else { throw SourceError("\(displayName): no row \(key) in \(relation.name)") }
        return zip(row.columnNames, row.values).map { name, value in
            SourceItem(id: Self.id(relation.name, key, name), content: Self.member(name, value), childCount: 0)
        }
    }

    /// A column's value as a member: its storage class and its value.
    static func member(_ name: String, _ value: SQLiteValue) -> ItemContent {
        switch value {
        case .null: return ItemContent(title: name, subtitle: "null", body: "NULL", scalar: ScalarValue(.null, "null"))
        case .integer(let number):
            return ItemContent(title: name, subtitle: "integer", body: String(number), scalar: ScalarValue(.number, String(number)))
        case .real(let number): return ItemContent(title: name, subtitle: "real", body: String(number), scalar: ScalarValue(.number, String(number)))
        case .text(let text): return ItemContent(title: name, subtitle: "text", body: text, scalar: ScalarValue(.string, text))
        case .blob(let bytes):
            let shown = "BLOB · " + ByteSize.text(bytes.count)
            return ItemContent(title: name, subtitle: "blob", body: shown, scalar: ScalarValue(.string, shown))
        }
    }

    private func keyed(_ relation: SQLiteRelation, _ found: SQLiteRow) -> SourceItem {
        row(of: relation, key: found.values[0].shown, names: Array(found.columnNames.dropFirst()), values: Array(found.values.dropFirst()))
    }

    /// A row's item: titled by a name-like column, else the first text column, else its key; its fields below.
    private func row(of relation: SQLiteRelation, key: String, names: [String], values: [SQLiteValue]) -> SourceItem {
        let fields = zip(names, values).map { ItemField(name: $0, value: $1.shown) }
        let text = relation.firstTextColumn.flatMap { column in fields.first { $0.name == column }?.value }
        let title = text.flatMap { $0.isEmpty ? nil : $0 } ?? "#" + key
        var content = mapping.content(from: fields, fallbackTitle: title)
        if content.subtitle.isEmpty { content.subtitle = relation.name }
        return SourceItem(id: Self.id(relation.name, key), content: content, childCount: names.count)
    }
}
