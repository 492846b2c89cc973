import ArborPath

/// One match of a query over a source: the item it is (or whose field it is), its normalized path, and its
/// value, made only when asked for.
public struct QueryMatch {
    /// The path from the root: names and indexes.
    public let path: [PathKey]
    private let subject: any QueryMatchSubject

    /// A match whose value `value` makes.
    public init(itemID: String, itemTitle: String, path: [PathKey], value: @escaping () -> JSONPathValue) {
        self.init(path: path, subject: MadeMatch(itemID: itemID, itemTitle: itemTitle, makeValue: value))
    }

    /// A match whose id, title and value `subject` tells when asked.
    public init(path: [PathKey], subject: any QueryMatchSubject) {
        self.path = path
        self.subject = subject
    }

    /// The item's id.
    public var itemID: String { subject.itemID(path: path) }
    /// The item's title.
    public var itemTitle: String { subject.itemTitle(path: path) }
    /// The matched value (a document's value; any other item's title and fields).
    public var value: JSONPathValue { subject.value }

    /// Appends the value as one line of JSON (``JSONPathValue/compactJSON``) to `bytes`; returns whether it held
    /// an infinity or NaN, written as `null`.
    public func appendCompactJSON(to bytes: inout [UInt8]) -> Bool { subject.appendCompactJSON(to: &bytes) }

    /// The ids of the item's ancestors, its parent first and the root last, when the match knows them without
    /// asking its source; nil when only the source can tell.
    public var ancestorIDs: [String]? { subject.ancestorIDs(path: path) }
}

/// What a match is, told only when asked: a query of many matches printing one field makes nothing else.
public protocol QueryMatchSubject {
    /// The item's id, the match's path given.
    func itemID(path: [PathKey]) -> String
    /// The item's title, the match's path given.
    func itemTitle(path: [PathKey]) -> String
    /// The matched value.
    var value: JSONPathValue { get }
    /// Appends the value as ``JSONPathValue/compactJSON`` writes it; whether it held an infinity or NaN.
    func appendCompactJSON(to bytes: inout [UInt8]) -> Bool
    /// The ids of the item's ancestors, parent first, root last, the match's path given; nil when unknown.
    func ancestorIDs(path: [PathKey]) -> [String]?
}

extension QueryMatchSubject {
    /// Unknown: the source is asked.
    public func ancestorIDs(path: [PathKey]) -> [String]? { nil }

    /// The value made, then written.
    public func appendCompactJSON(to bytes: inout [UInt8]) -> Bool {
        let value = value
        bytes.append(contentsOf: value.compactJSON.utf8)
        return value.containsNonFiniteNumber
    }
}

/// A match whose id and title were made with it.
private struct MadeMatch: QueryMatchSubject {
    let itemID: String
    let itemTitle: String
    let makeValue: () -> JSONPathValue

    func itemID(path: [PathKey]) -> String { itemID }
    func itemTitle(path: [PathKey]) -> String { itemTitle }
    var value: JSONPathValue { makeValue() }
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
    /// Whether a string of the document may hold a JSON object or array, which a query reading such strings as
    /// documents walks into and the index does not; asked on the query's thread, it may read the whole document.
    var holdsJSONInStrings: Bool { get }
}

extension IndexedQuerying {
    /// Always, for a source that holds its index itself.
    public var answersFromIndex: Bool { true }
    /// Yes, for a source that cannot tell.
    public var holdsJSONInStrings: Bool { true }
}
