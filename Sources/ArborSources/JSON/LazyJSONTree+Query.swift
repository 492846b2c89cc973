import ArborCore
import ArborPath

extension LazyJSONTree: IndexedQuerying {
    /// Walks the items from the index, each read as the object of its fields it is to any query, a query
    /// starting with a descendant segment in parts on several cores: ids and titles are made for matches only. The walk's nodes do not hold the tree, which this call keeps alive; a match's
    /// value, made later, holds it.
    package func forEachQueryMatch(_ path: JSONPath, shouldStop: @escaping () -> Bool, _ body: (QueryMatch) -> Bool) throws -> Bool {
        let containers = containersForQueries()
        let root = JSONTreePathNode(tree: self, containers: containers, item: 0, role: .item)
        return try path.forEachMatch(in: root, helpers: LazyJSONDocument.queryHelpers, start: LazyJSONDocument.startHelpers,
                                     shouldStop: shouldStop) { node, keys in
            let (item, role) = (node.item, node.role)
            return body(QueryMatch(itemID: id(of: item), itemTitle: content(of: item).title, path: keys) { [self] in
                withExtendedLifetime(self) { JSONTreePathNode(tree: self, containers: containers, item: item, role: role).value }
            })
        }
    }

    /// The text of the object's last member named `name` (the list of children aside), as the item's field of
    /// that name reads; nil when it has none, or the item is not an object.
    func fieldText(named name: String, of item: Int32) -> String? {
        if item == 0, index.isVirtual { return nil }
        let start = index.start(of: item)
        guard bytes[start] == UInt8(ascii: "{"), name != mapping.children else { return nil }
        var wanted = name
        return wanted.withUTF8 { wanted in
            bytes.withUnsafeBufferPointer { buffer in
                var found: Range<Int>?
                JSONValueSkipper.forEachMember(of: start, in: buffer, known: index.childrenRange(of: item)) { key, value in
                    if JSONGrammar.string(buffer[key], equals: wanted) { found = value }
                }
                return found.map { Self.text(of: buffer, $0) }
            }
        }
    }

    /// A value's text as a field shows it: a string's characters, a number as written, a list's or an object's
    /// size.
    private static func text(of buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        if buffer[range.lowerBound] == UInt8(ascii: "\""),
           !buffer[(range.lowerBound + 1)..<(range.upperBound - 1)].contains(UInt8(ascii: "\\")) {
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[(range.lowerBound + 1)..<(range.upperBound - 1)]), as: UTF8.self)
        }
        return (try? JSONDocument.parse(Array(buffer[range])))?.preview(0) ?? ""
    }
}
