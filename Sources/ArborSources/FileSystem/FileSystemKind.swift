import ArborCore

/// A directory tree, read lazily: what a directory path opens unless a format says otherwise.
struct FileSystemKind: SourceKind {
    var formats: [SourceFormat] { [.fs] }
    var summary: String { "a directory tree, read lazily (a directory path opens it)" }
    var idsArePaths: Bool { true }

    func claims(_ request: SourceRequest) -> Bool {
        guard let path = request.path else { return false }
        return request.format == .fs || (request.format == nil && SourceFile.isDirectory(path))
    }

    func open(_ request: SourceRequest) throws(SourceLoadError) -> OpenedSource {
        guard let path = request.path, SourceFile.isDirectory(path) else {
            throw SourceLoadError("\(request.path ?? "stdin"): not a directory")
        }
        let source = FileSystemSource(path: path, watches: request.watches)
        guard request.crossesInto else { return OpenedSource(hierarchy: source, format: .fs) }
        return OpenedSource(hierarchy: NestedDocumentsSource(tree: source, request: request), format: .fs)
    }

    func open(_ input: SourceInput, as format: SourceFormat, request: SourceRequest) throws(SourceLoadError) -> OpenedSource {
        throw SourceLoadError("\(input.origin): a directory tree needs a directory path")
    }
}
