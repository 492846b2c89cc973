import CSQLite

/// A prepared statement with its arguments bound, stepped row by row; finalized when released.
final class SQLiteStatement {
    private let connection: OpaquePointer
    private let statement: OpaquePointer
    /// The result's column names, in order.
    let columnNames: [String]

    /// Prepares the first statement of `sql` and binds `arguments` to its parameters in order.
    static func prepare(_ connection: OpaquePointer, sql: String, arguments: [SQLiteValue]) throws(SQLiteError) -> SQLiteStatement {
        let statement = try Array(sql.utf8CString).withUnsafeBufferPointer { (text) throws(SQLiteError) in
            var tail: UnsafePointer<CChar>?
            return try first(connection, of: text.baseAddress!, arguments: arguments, tail: &tail)
        }
        guard let statement else { throw SQLiteError(message: "no statement in '\(sql)'") }
        return statement
    }

    /// Prepares the first statement at `text` and binds `arguments`; `tail` then points past it. Nil when
    /// only blanks and comments are left.
    static func first(_ connection: OpaquePointer, of text: UnsafePointer<CChar>, arguments: [SQLiteValue],
                      tail: inout UnsafePointer<CChar>?) throws(SQLiteError) -> SQLiteStatement? {
        var prepared: OpaquePointer?
        guard sqlite3_prepare_v2(connection, text, -1, &prepared, &tail) == SQLITE_OK else {
            sqlite3_finalize(prepared)
            throw SQLiteConnection.error(connection)
        }
        guard let prepared else { return nil }
        return try SQLiteStatement(connection, prepared: prepared, arguments: arguments)
    }

    private init(_ connection: OpaquePointer, prepared: OpaquePointer, arguments: [SQLiteValue]) throws(SQLiteError) {
        self.connection = connection
        statement = prepared
        let count = Int(sqlite3_column_count(prepared))
        columnNames = (0..<count).map { String(cString: sqlite3_column_name(prepared, Int32($0))) }
        for (index, value) in arguments.enumerated() {
            try bind(value, at: Int32(index + 1))
        }
    }

    deinit { sqlite3_finalize(statement) }

    private func bind(_ value: SQLiteValue, at position: Int32) throws(SQLiteError) {
        let code: Int32
        switch value {
        case .null: code = sqlite3_bind_null(statement, position)
        case .integer(let number): code = sqlite3_bind_int64(statement, position, number)
        case .real(let number): code = sqlite3_bind_double(statement, position, number)
        case .text(let text): code = sqlite3_bind_text(statement, position, text, -1, Self.transient)
        case .blob(let bytes):
            code = bytes.withUnsafeBytes { sqlite3_bind_blob64(statement, position, $0.baseAddress, sqlite3_uint64($0.count), Self.transient) }
        }
        guard code == SQLITE_OK else { throw SQLiteConnection.error(connection) }
    }

    /// SQLite copies a bound text or blob before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// The next row's values, or nil past the last row.
    func next() throws(SQLiteError) -> [SQLiteValue]? {
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return (0..<columnNames.count).map { value(at: Int32($0)) }
        case SQLITE_DONE: return nil
        default: throw SQLiteConnection.error(connection)
        }
    }

    private func value(at column: Int32) -> SQLiteValue {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            let count = Int(sqlite3_column_bytes(statement, column))
            guard let bytes = sqlite3_column_text(statement, column) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, column))
            guard let bytes = sqlite3_column_blob(statement, column) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }
}
