/// What a request says of a database table (SQLite, PostgreSQL): which table, and what orders its children.
struct TableSettings: Sendable {
    /// The table (`--table`), or nil to take the database's only one.
    var table: String?
    /// The column that orders children (`--order-by`), or nil for the id column.
    var orderBy: String?

    /// The settings of `request`.
    init(_ request: SourceRequest) {
        table = request.settings["table"]
        orderBy = request.settings["order-by"]
    }
}
