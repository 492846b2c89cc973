import ArborCore

/// A value of a SQLite column, in one of SQLite's five storage classes.
enum SQLiteValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// Whether the value is NULL.
    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The value as Arbor shows it: NULL as nothing, numbers as Swift writes them, a blob's bytes as lossless text.
    var shown: String {
        switch self {
        case .null: return ""
        case .integer(let number): return String(number)
        case .real(let number): return String(number)
        case .text(let text): return text
        case .blob(let bytes): return LosslessText.decode(bytes[...])
        }
    }
}
