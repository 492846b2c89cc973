import ArborCore
import ArborPath

extension PostgresDatabaseSource {
    /// How many rows a table or view has: one `count(*)`, asked in the background, under the statement time-out.
    func count(of relation: PostgresRelation) async throws -> Int? {
        let id = Self.id(of: relation)
        return try await query("SELECT count(*) FROM \(relation.quotedName)", [], label: id).rows.first?.first.flatMap { $0.flatMap { Int($0) } }
    }

    /// The select list: the tuple's place first where it keys the rows, then every column.
    private func selected(_ relation: PostgresRelation) -> String {
        relation.keying == .tuple ? "ctid::text, *" : "*"
    }

    /// Rows at a range of positions: after the key of the row before the range where a page ending there was
    /// read (a page read after the one before it costs an index range), else skipped to.
    func rows(of relation: PostgresRelation, in range: Range<Int>) async throws -> [SourceItem] {
        guard !range.isEmpty else { return [] }
        let id = Self.id(of: relation)
        let order = relation.orderColumns
        var sql = "SELECT \(selected(relation)) FROM \(relation.quotedName)"
        var values: [String?] = []
        if !order.isEmpty, let after = pageEnds.withLock({ $0[id]?[range.lowerBound] }) {
            let marks = after.indices.map { "$\($0 + 1)" + (relation.keying == .tuple ? "::tid" : "") }
            sql += " WHERE (\(order.joined(separator: ", "))) > (\(marks.joined(separator: ", ")))"
            values = after
            sql += " ORDER BY \(order.joined(separator: ", ")) LIMIT \(range.count)"
        } else {
            sql += order.isEmpty ? "" : " ORDER BY \(order.joined(separator: ", "))"
            sql += " LIMIT \(range.count) OFFSET \(range.lowerBound)"
        }
        let found = try await query(sql, values, label: id)
        if let last = found.rows.last, !order.isEmpty {
            let keyValues = keyColumns(of: relation, in: found.columns).map { last[$0] }
            pageEnds.withLock { $0[id, default: [:]][range.lowerBound + found.rows.count] = keyValues }
        }
        return found.rows.enumerated().map { offset, row in
            item(of: relation, row: row, columns: found.columns, position: range.lowerBound + offset)
        }
    }

    /// The row a key names, or none.
    func rows(of relation: PostgresRelation, key: String) async throws -> [SourceItem] {
        let found = try await lookup(relation, key: key)
        return found.rows.map { item(of: relation, row: $0, columns: found.columns, position: (Int(key) ?? 1) - 1) }
    }

    /// The result holding the row a key names, or no row.
    private func lookup(_ relation: PostgresRelation, key: String) async throws -> PostgresRows {
        let id = Self.id(of: relation)
        let found: PostgresRows
        switch relation.keying {
        case .primaryKey:
            let values: [String?]
            if relation.keys.count == 1 {
                values = [key]
            } else {
                guard case .array(let parts)? = try? JSONPathValue(parsing: key), parts.count == relation.keys.count else {
                    return PostgresRows(columns: [], rows: [])
                }
                values = parts.map { part in if case .string(let text) = part { return text } else { return nil } }
            }
            let marks = values.indices.map { "$\($0 + 1)" }.joined(separator: ", ")
            found = try await keyed("SELECT * FROM \(relation.quotedName) WHERE (\(relation.keys.joined(separator: ", "))) = (\(marks))", values, id)
        case .tuple:
            found = try await keyed("SELECT ctid::text, * FROM \(relation.quotedName) WHERE ctid = $1::tid", [key], id)
        case .position:
            guard let place = Int(key), place >= 1 else { return PostgresRows(columns: [], rows: []) }
            found = try await query("SELECT * FROM \(relation.quotedName) LIMIT 1 OFFSET \(place - 1)", [], label: id)
        }
        return found
    }

    /// A statement whose values may not fit their columns (`abc` for an integer key): such a value matches nothing.
    private func keyed(_ sql: String, _ values: [String?], _ label: String) async throws -> PostgresRows {
        do {
            return try await query(sql, values, label: label)
        } catch let error as SourceError where error.message.contains("invalid input syntax") || error.message.contains("out of range") {
            return PostgresRows(columns: [], rows: [])
        }
    }

    /// A row's fields as its members: each column's value typed by the column's type.
    func fields(of relation: PostgresRelation, row key: String) async throws -> [SourceItem] {
        let found = try await lookup(relation, key: key)
        guard let row = found.rows.first else {
            throw SourceError("\(displayName): no row \(key) in \(relation.schema).\(relation.name)")
        }
        let values = row.dropFirst(relation.keying == .tuple ? 1 : 0)
        return zip(relation.columns, values).map { column, value in
            SourceItem(id: Self.id(relation.schema, relation.name, key, column.name),
                       content: Self.member(column.name, type: column.type, value: value), childCount: 0)
        }
    }

    /// A column's value as a member: its type and its value, a number, a truth value, NULL, or text (JSON in
    /// text opening where strings are crossed into), `bytea` as its size.
    static func member(_ name: String, type: String, value: String?) -> ItemContent {
        guard let value else { return ItemContent(title: name, subtitle: type, body: "NULL", scalar: ScalarValue(.null, "null")) }
        let numeric = ["smallint", "integer", "bigint", "real", "double precision", "numeric", "oid"]
        if numeric.contains(where: { type == $0 || type.hasPrefix($0 + "(") }), SourcePathNode.typed(value) != .string(value) {
            return ItemContent(title: name, subtitle: type, body: value, scalar: ScalarValue(.number, value))
        }
        if type == "boolean" {
            let truth = value == "t" ? "true" : "false"
            return ItemContent(title: name, subtitle: type, body: truth, scalar: ScalarValue(.boolean, truth))
        }
        if type == "bytea" {
            let shown = "bytea · " + ByteSize.text(max(0, value.utf8.count - 2) / 2)
            return ItemContent(title: name, subtitle: type, body: shown, scalar: ScalarValue(.string, shown))
        }
        return ItemContent(title: name, subtitle: type, body: value, scalar: ScalarValue(.string, value))
    }

    /// The places of the order columns in a result's columns.
    private func keyColumns(of relation: PostgresRelation, in columns: [String]) -> [Int] {
        switch relation.keying {
        case .primaryKey: return relation.keyNames.compactMap { columns.firstIndex(of: $0) }
        case .tuple: return [0]
        case .position: return []
        }
    }

    /// A row's item: titled by a name-like column, else the first text column, else its key; its fields below.
    private func item(of relation: PostgresRelation, row: [String?], columns: [String], position: Int) -> SourceItem {
        let offset = relation.keying == .tuple ? 1 : 0
        let keyValues = keyColumns(of: relation, in: columns).map { row[$0] }
        let key: String
        switch relation.keying {
        case .primaryKey where keyValues.count == 1: key = keyValues[0] ?? ""
        case .primaryKey: key = JSONPathValue.array(keyValues.map { .string($0 ?? "") }).compactJSON
        case .tuple: key = keyValues[0] ?? ""
        case .position: key = String(position + 1)
        }
        let names = Array(columns.dropFirst(offset))
        let values = Array(row.dropFirst(offset))
        let fields = zip(names, values).map { ItemField(name: $0, value: $1 ?? "") }
        let text = relation.firstTextColumn.flatMap { column in fields.first { $0.name == column }?.value }
        let title = text.flatMap { $0.isEmpty ? nil : $0 } ?? "#" + key
        var content = mapping.content(from: fields, fallbackTitle: title)
        if content.subtitle.isEmpty { content.subtitle = relation.name }
        return SourceItem(id: Self.id(relation.schema, relation.name, key), content: content, childCount: relation.columns.count)
    }
}
