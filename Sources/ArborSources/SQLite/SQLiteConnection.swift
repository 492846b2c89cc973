import CSQLite

/// An open connection, lent to one caller at a time by ``SQLiteDatabase``: queries and statements.
struct SQLiteConnection {
    let handle: OpaquePointer

    /// Every row `sql` returns.
    func rows(_ sql: String, _ arguments: [SQLiteValue] = []) throws(SQLiteError) -> [SQLiteRow] {
        var rows: [SQLiteRow] = []
        try each(sql, arguments) { row in rows.append(row) }
        return rows
    }

    /// Calls `body` with each row `sql` returns, as it is read.
    func each(_ sql: String, _ arguments: [SQLiteValue] = [], _ body: (SQLiteRow) throws(SQLiteError) -> Void) throws(SQLiteError) {
        let statement = try SQLiteStatement.prepare(handle, sql: sql, arguments: arguments)
        while let values = try statement.next() {
            try body(SQLiteRow(columnNames: statement.columnNames, values: values))
        }
    }

    /// The first column of the first row `sql` returns; nil when it returns none.
    func value(_ sql: String, _ arguments: [SQLiteValue] = []) throws(SQLiteError) -> SQLiteValue? {
        try SQLiteStatement.prepare(handle, sql: sql, arguments: arguments).next()?.first
    }

    /// The integer in the first column of the first row `sql` returns; nil when there is none.
    func count(_ sql: String, _ arguments: [SQLiteValue] = []) throws(SQLiteError) -> Int? {
        guard case .integer(let number)? = try value(sql, arguments) else { return nil }
        return Int(number)
    }

    /// Runs every statement of `sql`, the first one given `arguments`.
    func execute(sql: String, arguments: [SQLiteValue] = []) throws(SQLiteError) {
        let text = Array(sql.utf8CString)
        try text.withUnsafeBufferPointer { (buffer) throws(SQLiteError) in
            var next = buffer.baseAddress
            var given = arguments
            while let start = next, start.pointee != 0 {
                var tail: UnsafePointer<CChar>?
                guard let statement = try SQLiteStatement.first(handle, of: start, arguments: given, tail: &tail) else { return }
                while try statement.next() != nil {}
                given = []
                next = tail
            }
        }
    }

    /// The names and declared types of a table's or view's columns, in order.
    func columns(in table: String) throws(SQLiteError) -> [(name: String, type: String)] {
        try rows("SELECT name, type FROM pragma_table_info(?)", [.text(table)]).map { ($0.values[0].shown, $0.values[1].shown) }
    }

    /// The connection's last error.
    static func error(_ handle: OpaquePointer) -> SQLiteError {
        SQLiteError(message: String(cString: sqlite3_errmsg(handle)))
    }
}
