import ArborCore

/// YAML through libyaml: an object tree or a document by the rules of JSON; several documents form a list.
struct YAMLKind: SourceKind {
    var formats: [SourceFormat] { [.yaml] }
    var summary: String { "YAML, read as JSON is; several documents form a list" }
    var extensions: [String: SourceFormat] { ["yaml": .yaml, "yml": .yaml] }

    func open(_ input: SourceInput, as format: SourceFormat, request: SourceRequest) throws(SourceLoadError) -> OpenedSource {
        let documents = try YAMLLoader.documents(input.bytes, origin: input.origin)
        if documents.count == 1 {
            return JSONKind.documentSource(documents[0], name: input.name, format: request.readsDocuments ? .document : .json, mapping: request.mapping)
        }
        if documents.isEmpty { throw SourceLoadError("\(input.origin): the YAML stream holds no document") }
        let stream = YAMLLoader.stream(documents)
        return OpenedSource(hierarchy: JSONDocumentBuilder().hierarchy(from: stream, name: input.name, isStream: true), format: .document)
    }
}
