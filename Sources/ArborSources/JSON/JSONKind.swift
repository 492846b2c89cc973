import ArborCore

/// JSON: an object tree when objects hold a children array (`tree`), any other document value by value
/// (`document`); either can be asked for by name.
struct JSONKind: SourceKind {
    var formats: [SourceFormat] { [.json, .tree, .document] }
    var summary: String { "JSON: an object tree when objects hold a children array, else a document (tree, document force one)" }
    var extensions: [String: SourceFormat] { ["json": .json] }
    var readsInPlace: Bool { true }

    func recognises(_ bytes: [UInt8]) -> SourceFormat? {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        guard index < bytes.count else { return nil }
        return bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[") ? .json : nil
    }

    func open(_ input: SourceInput, as asked: SourceFormat, request: SourceRequest) throws(SourceLoadError) -> OpenedSource {
        let format = request.readsDocuments ? SourceFormat.document : asked
        if let lazy = JSONIndexing.open(input.content, name: input.name, format: format, mapping: request.mapping) { return lazy }
        if input.content.count > Self.largestParsed { try Self.refuseLarge(input) }
        let document = try JSONTreeReader.parse(input.bytes, origin: input.origin)
        return Self.documentSource(document, name: input.name, format: format, mapping: request.mapping)
    }

    /// A large document shows its first part while the rest is read (an object tree's beginning does not open
    /// alone, nor does a file asked for as a tree: it is read whole).
    func openFirstPart(_ input: FirstPartInput) throws(SourceLoadError) -> OpenedSource? {
        guard input.format != .tree else { return nil }
        let name = input.name
        var opened = SourceOpener.shownFromFirstPart(input, part: { reader in
            JSONDocumentStream.partial(Array(reader.bytes.prefix(JSONDocumentStream.partSize)), name: input.name,
                                       detecting: input.format == .json, mapping: input.request.mapping)
        }, salvage: { before in JSONDocumentStream.salvaged(before, name: name) })
        if input.format == .json { opened?.format = .document }
        return opened
    }

    /// The largest input the full parser (about 13× the input in memory) builds; the indexes take larger ones.
    static let largestParsed = 64 << 20

    /// Why the index refused a large input, said without building it: where it is malformed, or (well-formed,
    /// a container) that it holds more than 2^31 values in one container. A large scalar is left to the parser.
    private static func refuseLarge(_ input: SourceInput) throws(SourceLoadError) {
        do {
            try JSONDocument.validate(input.content)
        } catch {
            throw SourceLoadError("\(input.origin):\(error.line):\(error.column): invalid JSON: \(error.message)", offset: error.offset)
        }
        if JSONKind().recognises(Array(input.content.prefix(1 << 16))) != nil {
            throw SourceLoadError("\(input.origin): more than 2^31 values in one container or document, too many to index")
        }
    }

    /// An object tree when the format says so or the document looks like one; a document otherwise.
    static func documentSource(_ document: JSONDocument, name: String, format: SourceFormat, mapping: FieldMapping) -> OpenedSource {
        let isTree = format == .tree
            || (format == .json && JSONDocumentBuilder.isObjectTree(document, childrenField: mapping.children))
        if isTree {
            return OpenedSource(hierarchy: JSONTreeBuilder(mapping: mapping).hierarchy(from: document, name: name), format: .tree)
        }
        return OpenedSource(hierarchy: JSONDocumentBuilder().hierarchy(from: document, name: name), format: .document)
    }
}
