import ArborCore

/// JSON Lines (`.jsonl`, `.ndjson`): one JSON value a line, each line an item; recognised on an input whose
/// first line is one whole object or array followed by another line.
struct JSONLinesKind: SourceKind {
    var formats: [SourceFormat] { [.jsonl] }
    var summary: String { "JSON Lines: one JSON value a line, each line an item (a malformed one shown with its error)" }
    var extensions: [String: SourceFormat] { ["jsonl": .jsonl, "ndjson": .jsonl, "jsonlines": .jsonl] }
    var readsInPlace: Bool { true }

    func recognises(_ bytes: [UInt8]) -> SourceFormat? {
        guard let end = Self.firstValueLineEnd(bytes) else { return nil }
        let rest = bytes[(end + 1)...]
        return rest.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0x0A }) ? .jsonl : nil
    }

    /// A pipe still open whose first line is one whole JSON value, read as JSON (no extension said otherwise):
    /// lines to come (`tail -f events.jsonl | arbor`).
    func reconsiders(_ input: FirstPartInput) -> SourceFormat? {
        guard input.format == .json, !input.reader.isAtEnd, !input.reader.isRegularFile,
              input.request.path.flatMap(SourceFormat.byExtension) == nil, Self.firstValueLineEnd(input.reader.bytes) != nil
        else { return nil }
        return .jsonl
    }

    /// Lines still being read show as they come.
    func openFirstPart(_ input: FirstPartInput) throws(SourceLoadError) -> OpenedSource? {
        guard !input.reader.isAtEnd else { return nil }
        return OpenedSource(hierarchy: JSONLinesStream.start(input.reader, name: input.name, request: input.request), format: .jsonl)
    }

    /// Where the first line ends when it holds one whole object or array and nothing else, else nil.
    static func firstValueLineEnd(_ bytes: [UInt8]) -> Int? {
        guard let newline = bytes.firstIndex(of: 0x0A) else { return nil }
        var scanner = JSONLinesScanner(inputSize: newline + 1)
        bytes.withUnsafeBufferPointer { scanner.scan(UnsafeBufferPointer(rebasing: $0[...newline]), final: false) }
        guard let lines = scanner.index.lines, lines.count == 1, lines.malformed.isEmpty, scanner.index.count > 1 else { return nil }
        return newline
    }

    func open(_ input: SourceInput, as format: SourceFormat, request: SourceRequest) throws(SourceLoadError) -> OpenedSource {
        let content = input.content
        var scanner = JSONLinesScanner(inputSize: content.count, expectedSize: content.count)
        content.withUnsafeBufferPointer { scanner.scan($0, final: true) }
        return OpenedSource(hierarchy: Self.document(content, scanner, name: input.name, mapping: request.mapping), format: .jsonl,
                            problems: Self.problems(scanner, origin: input.origin))
    }

    /// The lines scanned so far as a document.
    static func document(_ bytes: [UInt8], _ scanner: JSONLinesScanner, name: String, mapping: FieldMapping) -> LazyJSONDocument {
        document(SourceBytes(bytes), scanner, name: name, mapping: mapping)
    }

    /// The lines scanned so far of bytes held or mapped, as a document.
    static func document(_ bytes: SourceBytes, _ scanner: JSONLinesScanner, name: String, mapping: FieldMapping) -> LazyJSONDocument {
        LazyJSONDocument(lines: bytes, index: scanner.index, name: name, mapping: mapping)
    }

    /// The malformed lines, each `origin:` and the parser's place and reason (the first 20 and a count).
    static func problems(_ scanner: JSONLinesScanner, origin: String) -> [String] {
        guard let malformed = scanner.index.lines?.malformed, !malformed.isEmpty else { return [] }
        let lines = scanner.index.lines!
        let first = malformed.keys.sorted().prefix(20).map { "\(origin): line \(lines.lineNumber(of: Int($0))), \(malformed[$0]!.message)" }
        return malformed.count > 20 ? first + ["\(origin): \(malformed.count - 20) more malformed lines"] : first
    }
}
