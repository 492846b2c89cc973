/// A source that shows more of an item than its cell: a file's first screens, a document value pretty-printed.
public protocol PreviewingItems: HierarchySource {
    /// The item's preview, at most `lines` lines (long lines are not counted twice: the pane wraps them).
    func preview(of id: String, lines: Int) async throws -> ItemPreview
}

/// Where an item sits, for the placeholders of commands: `{path}`, `{file}` and `{line}`.
public struct ItemLocation: Sendable, Hashable {
    /// The item's path as the user gave it or would type it (a path list's line, a file's path), if it has one.
    public var path: String?
    /// The file that holds the item, if it is in one.
    public var file: String?
    /// The item's line in that file, counted from 1.
    public var line: Int?

    /// Creates a location.
    public init(path: String? = nil, file: String? = nil, line: Int? = nil) {
        self.path = path
        self.file = file
        self.line = line
    }
}

/// A source that knows where its items are: on disk, or at a line of a file.
public protocol LocatingItems: HierarchySource {
    /// Where the item is; nil parts when the source cannot tell.
    func location(of id: String) async throws -> ItemLocation
}

extension HierarchySource {
    /// The preview of an item: the source's own, or the generic one (a document's value pretty-printed, any other
    /// item's fields).
    public func itemPreview(of id: String, lines: Int) async throws -> ItemPreview {
        if let previewing = capabilities.previewing { return try await previewing.preview(of: id, lines: lines) }
        if isDocument { return try await DocumentPreview(source: self, limit: lines).preview(of: id) }
        return ItemPreview.fields(of: try await item(id))
    }

    /// Where an item is, as far as the source can tell.
    public func itemLocation(of id: String) async throws -> ItemLocation {
        if let locating = capabilities.locating { return try await locating.location(of: id) }
        return ItemLocation()
    }
}
