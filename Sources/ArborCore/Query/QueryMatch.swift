import ArborPath

/// One match of a query over a source: the item it is (or whose field it is), its normalized path, and its
/// value, made only when asked for.
public struct QueryMatch {
    /// The item's id.
    public let itemID: String
    /// The item's title.
    public let itemTitle: String
    /// The path from the root: names and indexes.
    public let path: [PathKey]
    private let makeValue: () -> JSONPathValue

    /// A match whose value `value` makes.
    public init(itemID: String, itemTitle: String, path: [PathKey], value: @escaping () -> JSONPathValue) {
        self.itemID = itemID
        self.itemTitle = itemTitle
        self.path = path
        makeValue = value
    }

    /// The matched value (a document's value; any other item's title and fields).
    public var value: JSONPathValue { makeValue() }
}

/// A source that answers a query from an index of its own, faster than its items could: it hands on the
/// matches as ``SourceQuery`` would, in the RFC's order.
public protocol IndexedQuerying: HierarchySource {
    /// Whether queries are answered from the index now (a source standing for another one answers when that
    /// one does).
    var answersFromIndex: Bool { get }
    /// Hands each match of `path` on until `body` returns false or `shouldStop` says so; returns whether the
    /// walk went to its end; throws what stopped it short (``JSONPathDepthError`` or a ``SourceError``).
    func forEachQueryMatch(_ path: JSONPath, shouldStop: @escaping () -> Bool, _ body: (QueryMatch) -> Bool) throws -> Bool
}

extension IndexedQuerying {
    /// Always, for a source that holds its index itself.
    public var answersFromIndex: Bool { true }
}
