import ArborCore

/// YAML through libyaml: an object tree or a document by the rules of JSON; several documents form a list, none
/// an empty document.
struct YAMLKind: SourceKind {
    var formats: [SourceFormat] { [.yaml] }
    var summary: String { "YAML, read as JSON is; several documents form a list" }
    var extensions: [String: SourceFormat] { ["yaml": .yaml, "yml": .yaml] }

    func open(_ input: SourceInput, as format: SourceFormat, request: SourceRequest) throws(SourceLoadError) -> OpenedSource {
        let documents = try YAMLLoader.documents(input.bytes, origin: input.origin)
        if documents.count == 1 {
            return JSONKind.documentSource(documents[0], name: input.name, format: request.readsDocuments ? .document : .json, mapping: request.mapping)
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
}
