/// A failure SQLite reported: its own message, as `sqlite3_errmsg` gives it.
struct SQLiteError: Error, Sendable, CustomStringConvertible {
    /// SQLite's message ("file is not a database", "no such column: x").
    let message: String

    var description: String { message }
}
