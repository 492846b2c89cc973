/// A document held for one query's walk: its bytes and index tables by address, so that the nodes of the walk
/// refer to it without counting references.
final class JSONIndexWalk {
    let document: LazyJSONDocument
    let tables: JSONIndexTables

    init(document: LazyJSONDocument, tables: JSONIndexTables) {
        self.document = document
        self.tables = tables
    }

    /// Runs `body` with a walk of `document`, valid only inside it.
    static func with<Result>(_ document: LazyJSONDocument, _ body: (JSONIndexWalk) -> Result) -> Result {
        document.index.withTables(bytes: document.bytes) { tables in
            var tables = tables
            tables.readsYAMLNumbers = document.marks != nil
            // The walk's nodes hold it unowned: it lives until the walk is over.
            let walk = JSONIndexWalk(document: document, tables: tables)
            return withExtendedLifetime(walk) { body(walk) }
        }
    }

    /// Hands the members of a container from `first` on to `body` until it returns false; false when stopped.
    func forEachMember(of container: Int32, from first: Int = 0, _ body: (JSONMember) -> Bool) -> Bool {
        let count = Int(tables.memberCount[Int(container)])
        guard first < count else { return true }
        if (container == 0 && tables.isLines) || first > 0 {
            return document.index.visitMembers(of: container, in: first..<count, bytes: document.bytes, body)
        }
        return tables.visitMembers(of: container, from: (0, tables.start[Int(container)] + 1), to: count, handingFrom: 0, body)
    }

    /// The key of the member whose value starts at `valueStart`, read backwards from the value: past the colon,
    /// to the string's opening quote (one not escaped, which an even run of backslashes before it shows).
    func key(before valueStart: Int) -> Range<Int> {
        let bytes = tables.bytes
        var position = valueStart - 1
        while bytes[position] != UInt8(ascii: ":") { position -= 1 }
        position -= 1
        while bytes[position] != UInt8(ascii: "\"") { position -= 1 }
        let close = position
        position -= 1
        while true {
            while bytes[position] != UInt8(ascii: "\"") { position -= 1 }
            var backslashes = 0
            while bytes[position - 1 - backslashes] == UInt8(ascii: "\\") { backslashes += 1 }
            if backslashes % 2 == 0 { return position..<(close + 1) }
            position -= 1
        }
    }

    /// A string's text (a key or a value, with its quotes): its bytes when it holds no escape.
    func text(of string: Range<Int>) -> String {
        let inner = UnsafeBufferPointer(rebasing: tables.bytes[(string.lowerBound + 1)..<(string.upperBound - 1)])
        guard inner.contains(UInt8(ascii: "\\")) else { return String(decoding: inner, as: UTF8.self) }
        return document.text(of: string)
    }
}
