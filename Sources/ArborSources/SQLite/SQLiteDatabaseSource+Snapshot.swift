import ArborPath

extension SQLiteDatabaseSource {
    /// The database as one JSON object to compare: each table by name, its rows by key (the rowid, or a table
    /// without rowids its primary key's values, joined by `, ` when it has several columns), each row an object
    /// of its columns. Views are left out: their rows are their tables'. Integers and reals keep the digits SQLite
    /// gives, a blob is its bytes as lossless text.
    func comparedJSON() throws(SourceLoadError) -> [UInt8] {
        var json: [UInt8] = [UInt8(ascii: "{")]
        do {
            for (index, relation) in relations.filter({ !$0.isView }).enumerated() {
                if index > 0 { json.append(UInt8(ascii: ",")) }
                json += Self.quotedJSON(relation.name) + [UInt8(ascii: ":"), UInt8(ascii: "{")]
                try append(rowsOf: relation, to: &json)
                json.append(UInt8(ascii: "}"))
            }
        } catch {
            throw SourceLoadError("\(displayName): \(error)")
        }
        json.append(UInt8(ascii: "}"))
        return json
    }

    private func append(rowsOf relation: SQLiteRelation, to json: inout [UInt8]) throws(SQLiteError) {
        try database.read { (db) throws(SQLiteError) in
            let keys = relation.hasRowID ? ["rowid"] : try db.rows("SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk", [.text(relation.name)])
                .map { Self.quoted($0.values[0].shown) }
            let selected = (keys.isEmpty ? ["NULL"] : keys).joined(separator: ", ")
            let keyCount = keys.isEmpty ? 1 : keys.count
            var position = 0
            var isFirst = true
            try db.each("SELECT \(selected), * FROM \(Self.quoted(relation.name))") { (row) throws(SQLiteError) in
                let key = keys.isEmpty ? String(position) : row.values[..<keyCount].map(\.shown).joined(separator: ", ")
                position += 1
                if !isFirst { json.append(UInt8(ascii: ",")) }
                isFirst = false
                json += Self.quotedJSON(key) + [UInt8(ascii: ":"), UInt8(ascii: "{")]
                for index in keyCount..<row.values.count {
                    let (column, value) = (row.columnNames[index], row.values[index])
                    if index > keyCount { json.append(UInt8(ascii: ",")) }
                    json += Self.quotedJSON(column) + [UInt8(ascii: ":")] + Self.json(of: value)
                }
                json.append(UInt8(ascii: "}"))
            }
        }
    }

    private static func json(of value: SQLiteValue) -> [UInt8] {
        switch value {
        case .null: return Array("null".utf8)
        case .integer(let number): return Array(String(number).utf8)
        case .real(let number) where number.isFinite: return Array(String(number).utf8)
        default: return quotedJSON(value.shown)
        }
    }

    private static func quotedJSON(_ text: String) -> [UInt8] {
        Array(JSONPathValue.string(text).compactJSON.utf8)
    }
}
