/// A TOML value: a string, an integer, a float, a boolean, a date or time (as written, `T` and `Z` upper case),
/// an array, or a table.
package enum TOMLValue: Sendable {
    case string(String)
    case integer(Int64)
    case float(Double)
    case boolean(Bool)
    case dateTime(String)
    case array([TOMLValue])
    case table(TOMLTable)

    /// The string, if the value is one.
    package var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The boolean, if the value is one.
    package var bool: Bool? {
        if case .boolean(let flag) = self { return flag }
        return nil
    }

    /// The integer, if the value is one.
    package var int: Int? {
        if case .integer(let number) = self { return Int(number) }
        return nil
    }

    /// The table, if the value is one.
    package var table: TOMLTable? {
        if case .table(let table) = self { return table }
        return nil
    }
}

/// A TOML table: its keys in the order they were first written, each with its value.
package struct TOMLTable: Sendable, Sequence {
    package private(set) var entries: [(key: String, value: TOMLValue)] = []

    /// No keys.
    package init() {}

    /// The keys, in order.
    package var keys: [String] { entries.map(\.key) }

    /// The value of `key`, if the table has it.
    package subscript(key: String) -> TOMLValue? {
        entries.first { $0.key == key }?.value
    }

    /// Adds a key the table does not have yet.
    mutating func append(_ key: String, _ value: TOMLValue) {
        entries.append((key, value))
    }

    package func makeIterator() -> IndexingIterator<[(key: String, value: TOMLValue)]> { entries.makeIterator() }
}
