/// One row of a result: its values, with the names of the result's columns.
struct SQLiteRow: Sendable {
    /// The result's column names, in order.
    let columnNames: [String]
    /// The row's values, one a column.
    let values: [SQLiteValue]

    /// The value of the first column named `name` (the source asks only for names the table reported); NULL when
    /// none is.
    subscript(name: String) -> SQLiteValue {
        columnNames.firstIndex(of: name).map { values[$0] } ?? .null
    }
}
