/// The root a source starts from.
public struct SourceRoot: Sendable, Hashable {
    /// The root item's id.
    public var id: String
    /// A virtual root is not shown: its children form the first level.
    public var isVirtual: Bool

    /// Creates a root description.
    public init(id: String, isVirtual: Bool) {
        self.id = id
        self.isVirtual = isVirtual
    }
}

/// One item as a source delivers it: identity, content and the number of its children.
public struct SourceItem: Sendable, Hashable {
    /// The item's id, unique within the source.
    public var id: String
    /// What the item shows.
    public var content: ItemContent
    /// The number of direct children, or nil while the source has not counted them.
    public var childCount: Int?

    /// Creates an item.
    public init(id: String, content: ItemContent, childCount: Int?) {
        self.id = id
        self.content = content
        self.childCount = childCount
    }

    /// A field's value as `--where` and `--by` read it: the content's named field or part, or the id.
    public func value(of field: String) -> String? {
        if let value = content.value(of: field) { return value }
        return field == "id" ? id : nil
    }
}

/// An error a source reports for one request; the rest of the hierarchy stays usable.
public struct SourceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A message for the user, naming what failed and where.
    public var message: String
    /// Whether the request was stopped because its list is no longer shown, rather than failing.
    public var isCancellation = false

    /// Creates an error with a message.
    public init(_ message: String) {
        self.message = message
    }

    /// A request stopped because its list is no longer shown: the list is asked again when it next shows.
    public static func cancelled(_ message: String) -> SourceError {
        var error = SourceError(message)
        error.isCancellation = true
        return error
    }

    /// The text for messages and logs.
    public var description: String { message }
}

/// A hierarchy Arbor can browse; every request may complete later and on any thread. What only some sources
/// can do is a protocol of its own (``HiddenEntries``, ``BackgroundCounting``, ``ReadingAhead``, ``ChangeReporting``),
/// and the browser asks which of them a source has through ``capabilities``.
public protocol HierarchySource: Sendable {
    /// What the source can do beyond this protocol; by default, the protocols its type conforms to. A source
    /// wrapping another forwards the wrapped one's.
    var capabilities: SourceCapabilities { get }
    /// A short name for the header line, such as a file name.
    var displayName: String { get }
    /// Whether the items are a document's members, every value one (scalars included): read one a line.
    var isDocument: Bool { get }
    /// The item the hierarchy starts from, or nil for an empty hierarchy.
    func root() async throws -> SourceRoot?
    /// The number of direct children of an item, or nil when not known without loading them.
    func numberOfChildren(of id: String) async throws -> Int?
    /// The ids of the children of an item within a range of indexes.
    func childIDs(of id: String, in range: Range<Int>) async throws -> [String]
    /// The parent of an item, or nil when it has none.
    func parentID(of id: String) async throws -> String?
    /// The content and child count of one item.
    func item(_ id: String) async throws -> SourceItem
    /// All children of an item with their content; sources override it when one request is cheaper.
    func children(of id: String) async throws -> [SourceItem]
    /// All children, as ``children(of:)``, handing batches read so far to `partial` first when the list is long.
    func children(of id: String, partial: @Sendable ([SourceItem]) -> Void) async throws -> [SourceItem]
    /// Whether a long list of children may be shown a page at a time: counting them and reading a range of them
    /// costs what the range costs, not what the whole list costs.
    var pagesChildren: Bool { get }
    /// The children at a range of indexes with their content (clamped to the children there are).
    func children(of id: String, in range: Range<Int>) async throws -> [SourceItem]
    /// The count and first page of an item's children when they are more than ``ChildPaging/threshold``; nil
    /// when they are few enough to be listed whole, or all of them when reading them again would cost as much.
    /// A source that lists from a snapshot takes a new one here.
    func pagedChildren(of id: String) async throws -> PagedChildren?
    /// As ``pagedChildren(of:)``, handing children read so far to `partial` first when reading them is long.
    func pagedChildren(of id: String, partial: @Sendable ([SourceItem]) -> Void) async throws -> PagedChildren?
    /// Where a child is among its parent's children, or nil when it is not one of them (or cannot be told).
    func position(of childID: String, in parentID: String) async throws -> Int?
    /// How far a find walks the source unless the user says: everything for a source held in memory, a bound
    /// for one read lazily from a disk, a database or commands.
    var searchBound: SearchBound { get }
    /// What a find records of the children of an item (those in `range`, or all for nil): each one's searched
    /// text for `fields`, its child count, and its id (which may be empty for a child without children).
    func searchEntries(ofChildrenOf id: String, in range: Range<Int>?, fields: SearchFields) async throws -> [SearchEntry]
    /// Adds to `page` the entries of ``searchEntries(ofChildrenOf:in:fields:)``: sources reading texts from
    /// bytes add them without a string an entry.
    func searchPage(ofChildrenOf id: String, in range: Range<Int>?, fields: SearchFields, into page: inout SearchPage) async throws
}

extension HierarchySource {
    /// The protocols the source's type conforms to.
    public var capabilities: SourceCapabilities { SourceCapabilities(casting: self) }

    /// Sources that read a list at once deliver no partial batches.
    public func children(of id: String, partial: @Sendable ([SourceItem]) -> Void) async throws -> [SourceItem] {
        try await children(of: id)
    }

    /// Children are listed whole unless a source says a range is cheap.
    public var pagesChildren: Bool { false }

    /// Items are objects unless a source says they are a document's members.
    public var isDocument: Bool { false }

    /// Composes a range of children from their ids and items.
    public func children(of id: String, in range: Range<Int>) async throws -> [SourceItem] {
        var items: [SourceItem] = []
        for childID in try await childIDs(of: id, in: range) {
            items.append(try await item(childID))
        }
        return items
    }

    /// Counts the children, and reads the first page when they are many.
    public func pagedChildren(of id: String) async throws -> PagedChildren? {
        guard let count = try await numberOfChildren(of: id), count > ChildPaging.threshold else { return nil }
        return PagedChildren(count: count, first: try await children(of: id, in: 0..<ChildPaging.pageSize))
    }

    /// Sources that count at once deliver no partial batches.
    public func pagedChildren(of id: String, partial: @Sendable ([SourceItem]) -> Void) async throws -> PagedChildren? {
        try await pagedChildren(of: id)
    }

    /// Looks for the child among the ids of the children.
    public func position(of childID: String, in parentID: String) async throws -> Int? {
        guard let count = try await numberOfChildren(of: parentID) else { return nil }
        return try await childIDs(of: parentID, in: 0..<count).firstIndex(of: childID)
    }

    /// Takes the texts from the children's content; sources override it when the texts alone are cheaper.
    public func searchEntries(ofChildrenOf id: String, in range: Range<Int>?, fields: SearchFields) async throws -> [SearchEntry] {
        var children: [SourceItem]
        if let range { children = try await self.children(of: id, in: range) } else { children = try await self.children(of: id) }
        return fields.entries(of: children)
    }

    /// Gathers the entries made one by one.
    public func searchPage(ofChildrenOf id: String, in range: Range<Int>?, fields: SearchFields, into page: inout SearchPage) async throws {
        page.append(contentsOf: try await searchEntries(ofChildrenOf: id, in: range, fields: fields))
    }

    /// A find visits every item unless the source says otherwise.
    public var searchBound: SearchBound { .unlimited }

    /// Composes the children from the count, the ids and the items.
    public func children(of id: String) async throws -> [SourceItem] {
        let count = try await numberOfChildren(of: id) ?? 0
        var items: [SourceItem] = []
        items.reserveCapacity(count)
        for childID in try await childIDs(of: id, in: 0..<count) {
            items.append(try await item(childID))
        }
        return items
    }
}
