/// One row of a result: its values, with the names of the result's columns.
struct SQLiteRow: Sendable {
    /// The result's column names, in order.
    let columnNames: [String]
    /// The row's values, one a column.
    let values: [SQLiteValue]

    /// The value of the first column named `name` (compared as SQLite does, ASCII case ignored); NULL when none is.
    subscript(name: String) -> SQLiteValue {
        if let index = columnNames.firstIndex(of: name) { return values[index] }
        let folded = Self.folded(name)
        guard let index = columnNames.firstIndex(where: { Self.folded($0) == folded }) else { return .null }
        return values[index]
    }

    private static func folded(_ name: String) -> [UInt8] {
        name.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
    }
}
