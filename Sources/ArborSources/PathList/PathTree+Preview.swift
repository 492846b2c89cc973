import ArborCore

/// A path list's line names a file, relative to the directory Arbor started in: when it is there, the item is
/// previewed and edited as that file.
enum PathListFiles {
    /// The preview of a path list's item: the file its line names, or the item's fields.
    static func preview(of id: String, lines: Int, in source: any HierarchySource) async throws -> ItemPreview {
        let path = LosslessText.encode(id)
        if !path.isEmpty, let entry = FileEntry(path: path), entry.kind != .directory {
            return try FilePreview.preview(of: entry, path: path, lines: lines) {
                try DirectoryListing(path: path, includeHidden: false)
            }
        }
        return ItemPreview.fields(of: try await source.item(id))
    }

    /// The item's line as its path, and as its file when there is one.
    static func location(of id: String) -> ItemLocation {
        let exists = !id.isEmpty && FileEntry(path: LosslessText.encode(id)) != nil
        return ItemLocation(path: id, file: exists ? id : nil, line: 1)
    }
}

extension PathTree: PreviewingItems, LocatingItems {
    package func preview(of id: String, lines: Int) async throws -> ItemPreview {
        try await PathListFiles.preview(of: id, lines: lines, in: self)
    }

    package func location(of id: String) async throws -> ItemLocation { PathListFiles.location(of: id) }
}

extension GrowingPathList: PreviewingItems, LocatingItems {
    package func preview(of id: String, lines: Int) async throws -> ItemPreview {
        try await PathListFiles.preview(of: id, lines: lines, in: self)
    }

    package func location(of id: String) async throws -> ItemLocation { PathListFiles.location(of: id) }
}
