/// A table or view of a SQLite database as the whole database's source shows it: its name, its columns, how its
/// rows are keyed, and the tree its rows form when they name a parent row of the same table.
struct SQLiteRelation: Sendable {
    /// The table's or view's name.
    let name: String
    /// Whether it is a view.
    let isView: Bool
    /// Its columns and their declared types.
    let columns: [(name: String, type: String)]
    /// Whether its rows have a rowid to be keyed and paged by (not a view, not `WITHOUT ROWID`).
    let hasRowID: Bool
    /// The source of its rows as a tree, when they name a parent row (an id and a parent column, as `--id` and
    /// `--parent` would pick them).
    let tree: SQLiteSource?

    /// The first column holding text, which titles a row that has no name-like column.
    var firstTextColumn: String? {
        columns.first { $0.type.uppercased().contains("CHAR") || $0.type.uppercased().contains("TEXT") || $0.type.isEmpty }?.name
    }
}
