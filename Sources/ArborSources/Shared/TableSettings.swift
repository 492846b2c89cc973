/// What a request says of a database table (SQLite, PostgreSQL): which table, what orders its children, and for
/// PostgreSQL the column of materialised paths and the item to start at.
struct TableSettings: Sendable {
    /// The table (`--table`), or nil to take the database's only one.
    var table: String?
    /// The column that orders children (`--order-by`), or nil for the id column.
    var orderBy: String?

    /// The column holding each row's path (`--path-column`), when the table is a path table.
    var pathColumn: String?
    /// The id of the row to start at (`--root`), or nil for the top level.
    var root: String?

    /// The settings of `request`.
    init(_ request: SourceRequest) {
        table = request.settings["table"]
        orderBy = request.settings["order-by"]
        pathColumn = request.settings["path-column"]
        root = request.settings["root"]
    }
}
