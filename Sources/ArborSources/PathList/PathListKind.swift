import ArborCore

/// A list of paths, one a line: what an input that no other kind recognises is read as.
struct PathListKind: SourceKind {
    var formats: [SourceFormat] { [.paths] }
    var summary: String { "a list of paths, one a line (what other input is read as)" }
    var extensions: [String: SourceFormat] { ["txt": .paths, "lst": .paths, "list": .paths, "paths": .paths] }
    var idsArePaths: Bool { true }

    func open(_ input: SourceInput, as format: SourceFormat, request: SourceRequest) throws(SourceLoadError) -> OpenedSource {
        OpenedSource(hierarchy: PathListBuilder(separator: request.separator).hierarchy(from: input.bytes, name: input.name), format: .paths)
    }

    /// A list still being read shows its whole lines so far, growing as more come.
    func openFirstPart(_ input: FirstPartInput) throws(SourceLoadError) -> OpenedSource? {
        GrowingPathListReading.start(input).map { OpenedSource(hierarchy: $0, format: .paths) }
    }
}
