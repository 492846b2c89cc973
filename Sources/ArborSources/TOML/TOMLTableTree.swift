/// The tables of a TOML document while it is read: each remembers how it came to be, which decides what may
/// still add to it (TOML 1.0: a table is defined once; dotted keys extend only tables they made; inline tables
/// and arrays written as values are closed).
final class TOMLTableTree {
    /// How a table came to be.
    enum Origin {
        /// Named by a header's or a dotted key's leading parts only, so far.
        case implicit
        /// Defined by a `[header]`, or an element of an array of tables.
        case header
        /// Made by a dotted key (`a.b = 1` makes `a`).
        case dotted
    }

    /// What a key holds.
    enum Entry {
        case value(TOMLValue)
        case table(TOMLTableTree)
        case tables(TableArray)
    }

    /// An array of tables, held by reference so that each `[[key]]` appends in place.
    final class TableArray {
        var elements: [TOMLTableTree]
        init(_ elements: [TOMLTableTree]) { self.elements = elements }
    }

    var origin: Origin
    private(set) var order: [String] = []
    private(set) var entries: [String: Entry] = [:]

    init(origin: Origin) { self.origin = origin }

    subscript(key: String) -> Entry? { entries[key] }

    /// Sets a key; the caller has checked that it may.
    func set(_ key: String, _ entry: Entry) {
        if entries[key] == nil { order.append(key) }
        entries[key] = entry
    }

    /// Adds a table to the array of tables at `key`, starting it when the key is new; false when the key holds
    /// something else.
    func appendTable(_ element: TOMLTableTree, to key: String) -> Bool {
        switch entries[key] {
        case nil: set(key, .tables(TableArray([element])))
        case .tables(let array)?: array.elements.append(element)
        default: return false
        }
        return true
    }

    /// The finished table, as a value (the parser bounds the nesting, so this recursion is bounded too).
    var value: TOMLTable {
        var table = TOMLTable()
        for key in order {
            switch entries[key]! {
            case .value(let value): table.append(key, value)
            case .table(let tree): table.append(key, .table(tree.value))
            case .tables(let array): table.append(key, .array(array.elements.map { .table($0.value) }))
            }
        }
        return table
    }
}
