/// The typed values of the id column behind the ids Arbor shows as text, for a column whose comparisons would
/// not take the text for the value.
///
/// An id is compared with the id column and with the parent column. A column declared with a type (INTEGER,
/// TEXT, REAL, NUMERIC...) converts the text of an id to its own type when compared; when both are declared so,
/// nothing is remembered. A column without one (no type, or BLOB) compares values as they are: the values read
/// are remembered, at most ``limit`` of them, and an id read longer ago is taken for an integer
/// when it reads as one, else for text.
struct SQLiteIDValues: Sendable {
    /// Whether a column an id is compared with compares values as they are.
    let remembers: Bool
    private var values: [String: SQLiteValue] = [:]

    /// The most values remembered; past it, those remembered are forgotten together (a single read of more is
    /// kept whole).
    static let limit = 65_536

    /// For the id and parent columns, declared with these types (SQLite's affinity rules).
    init(declaredTypes: [String]) {
        remembers = declaredTypes.contains { declared in
            let type = declared.uppercased()
            return type.isEmpty || (type.contains("BLOB") && !type.contains("INT") && !type.contains("CHAR")
                && !type.contains("CLOB") && !type.contains("TEXT"))
        }
    }

    /// Remembers the values of ids just read.
    mutating func record(_ read: [String: SQLiteValue]) {
        guard remembers else { return }
        if values.count + read.count > Self.limit { values.removeAll(keepingCapacity: true) }
        values.merge(read) { $1 }
    }

    /// The value to compare the column with for an id.
    func value(for id: String) -> SQLiteValue {
        if let known = values[id] { return known }
        if remembers, let number = Int64(id), String(number) == id { return .integer(number) }
        return .text(id)
    }
}
