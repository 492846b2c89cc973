import CSQLite
import Synchronization

/// A SQLite database file open on one connection, lent to one caller at a time; closed when released.
final class SQLiteDatabase: @unchecked Sendable {
    // The connection is used only inside `lock`, so one thread at a time runs SQLite on it.
    private let handle: OpaquePointer
    private let lock = Mutex(())

    /// Opens the file at `path`, read-only unless `writable` (which also creates it).
    init(path: String, writable: Bool = false) throws(SQLiteError) {
        var opened: OpaquePointer?
        let flags = writable ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY
        let code = sqlite3_open_v2(path, &opened, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(opened)
            throw SQLiteError(message: message)
        }
        handle = opened
    }

    deinit { sqlite3_close_v2(handle) }

    /// Runs `body` with the connection, alone.
    func read<Value, Failure: Error>(_ body: (SQLiteConnection) throws(Failure) -> Value) throws(Failure) -> Value {
        try lock.withLock { (_) throws(Failure) -> Value in try body(SQLiteConnection(handle: handle)) }
    }
}
