import ArborCore

/// YAML through libfyaml's events: an object tree or a document by the rules of JSON; several documents form a list, none
/// an empty document.
struct YAMLKind: SourceKind {
    var formats: [SourceFormat] { [.yaml] }
    var summary: String { "YAML, read as JSON is; several documents form a list" }
    var extensions: [String: SourceFormat] { ["yaml": .yaml, "yml": .yaml] }
    var readsInPlace: Bool { true }

    func open(_ input: SourceInput, as format: SourceFormat, request: SourceRequest) throws(SourceLoadError) -> OpenedSource {
        if let indexed = try indexed(input, request: request) { return indexed }
        let documents = try YAMLLoader.documents(input.bytes, origin: input.origin, aliases: .kept)
        if documents.count == 1 {
            let document = request.readsDocuments ? documents[0] : objectTree(input, kept: documents[0], mapping: request.mapping)
            return JSONKind.documentSource(document, name: input.name, format: request.readsDocuments ? .document : .json, mapping: request.mapping)
        }
        if documents.isEmpty {
            // An empty or comment-only stream is one empty document, as `---` alone is.
            var empty = JSONDocument()
            empty.nodes.append(JSONDocument.Node(kind: .null, key: nil, text: "null", parent: -1))
            return JSONKind.documentSource(empty, name: input.name, format: .document, mapping: request.mapping)
        }
        let stream = YAMLLoader.stream(documents)
        return OpenedSource(hierarchy: JSONDocumentBuilder().hierarchy(from: stream, name: input.name, isStream: true), format: .document)
    }

    /// The document to detect an object tree in: with aliases, the one they are copied into when it is a tree
    /// (a tree's items are its objects, and an alias among them stands for the objects it repeats). The copies are
    /// made only when the document as written could be one, so that aliases of aliases cost nothing otherwise.
    private func objectTree(_ input: SourceInput, kept: JSONDocument, mapping: FieldMapping) -> JSONDocument {
        guard kept.yamlNotes.values.contains(where: { $0.aliasOf >= 0 }), JSONDocumentBuilder.isObjectTree(kept, childrenField: mapping.children, aliasesMayBe: true),
              let expanded = try? YAMLLoader.documents(input.bytes, origin: input.origin), expanded.count == 1,
              JSONDocumentBuilder.isObjectTree(expanded[0], childrenField: mapping.children) else { return kept }
        return expanded[0]
    }

    /// A large file shows its first part while the rest is read and indexed: the part written as JSON text and
    /// shown as a large JSON file's first part is.
    func openFirstPart(_ input: FirstPartInput) throws(SourceLoadError) -> OpenedSource? {
        var opened = SourceOpener.shownFromFirstPart(input) { reader in
            guard let part = YAMLTranscoder.firstPart(YAMLLoader.text(reader.bytes), of: JSONDocumentStream.partSize) else {
                return Self.firstDocuments(reader.bytes, name: input.name)
            }
            let shown = JSONDocumentStream.partial(part.json, name: input.name, detecting: !input.request.readsDocuments, mapping: input.request.mapping)
            return shown?.with(marks: part.marks)
        }
        opened?.format = .document
        return opened
    }

    /// A stream's first documents, those the part read holds whole (up to its last `---`), as the block reader
    /// writes them; their list is left open, since more follow. Nil when the part holds fewer than two.
    static func firstDocuments(_ part: [UInt8], name: String) -> LazyJSONDocument? {
        let marker = Array("\n---\n".utf8)
        var end = part.count - marker.count
        while end > 0, !part[end...].starts(with: marker) { end -= 1 }
        guard end > 0, let read = YAMLBlockReader.text(SourceBytes(Array(part[...end]))), read.documents > 1,
              let index = read.json.withUnsafeBufferPointer({ JSONDocumentScanner.scan($0, race: nil) }), index.count > 0
        else { return nil }
        return LazyJSONDocument(bytes: read.json, index: index, open: [0], name: name, isStream: true).with(marks: YAMLMarks())
    }

    /// A document with the anchors, tags and aliases of its YAML and its comments, where lines start found beside
    /// the browser (so that no key waits for that pass). The marks also say the text is YAML's (its infinities).
    private static func commented(_ document: LazyJSONDocument, _ marks: YAMLMarks, _ comments: YAMLLineComments?) -> LazyJSONDocument {
        let marked = document.with(marks: marks)
        guard let comments else { return marked }
        WorkerThreads.start { comments.prepare() }
        return marked.with(comments)
    }

    /// The size from which a YAML file is read through the JSON index. A smaller one is read whole, its scalars
    /// shown as written (`~`, `0x1F`, `.inf`); through JSON they show as JSON writes them (`null`, `31`), and
    /// an infinity as text.
    static let indexedBytes = 1 << 20

    /// One document written as JSON text (``YAMLBlockReader``'s, else ``YAMLTranscoder``'s) and opened through the
    /// JSON index: about 20 bytes a value instead of a node graph and a flat copy of it, each item on its YAML
    /// line. Nil for a stream the transcoder leaves to the whole-stream reader (several documents, a collection as
    /// a key, an alias bomb).
    private func indexed(_ input: SourceInput, request: SourceRequest) throws(SourceLoadError) -> OpenedSource? {
        guard input.content.count >= Self.indexedBytes else { return nil }
        let format: SourceFormat = request.readsDocuments ? .document : .json
        if let read = YAMLBlockReader.text(input.content, indexing: true) {
            // Comments are for the browser (a query or a comparison reads values only), from a file mapped that has some.
            let comments = read.commented && input.content.isMapped && !request.readsDocuments
                ? YAMLLineComments(yaml: input.content, json: read.json, flows: read.flows) : nil
            guard read.documents > 1 else {
                let opened = read.index.map { JSONIndexing.open(read.json, index: $0, name: input.name, format: format, mapping: request.mapping) }
                    ?? JSONIndexing.open(read.json, name: input.name, format: format, mapping: request.mapping)
                return opened.map { opened in
                    var opened = opened
                    if let document = opened.hierarchy as? LazyJSONDocument { opened.hierarchy = Self.commented(document, read.marks, comments) }
                    return opened
                }
            }
            return LazyJSONDocument(bytes: read.json, name: input.name, race: nil, isStream: true)
                .map { OpenedSource(hierarchy: Self.commented($0, read.marks, comments), format: .document) }
        }
        let text = YAMLLoader.text(input.content)
        let transcoded: (json: SourceBytes, marks: YAMLMarks)?
        do {
            transcoded = try YAMLTranscoder.text(text, limit: 4 * text.count + (1 << 20), spillingTo: SpilledText.place(forInput: text.count))
        } catch {
            throw YAMLLoader.loadError(error, origin: input.origin)
        }
        guard let transcoded else { return nil }
        // Anchors, tags and aliases are shown, and name what a query finds through an alias, as in a file read whole.
        return JSONIndexing.open(transcoded.json, name: input.name, format: format, mapping: request.mapping).map { opened in
            var opened = opened
            if let document = opened.hierarchy as? LazyJSONDocument {
                opened.hierarchy = document.with(marks: transcoded.marks)
            }
            return opened
        }
    }
}
