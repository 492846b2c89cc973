import ArborCore

/// Property lists (`.plist`), XML or binary, as documents: dictionaries (keys in order of name, as the format
/// keeps no order), arrays, and `key: value` members (dates in ISO 8601, data as its size).
struct PropertyListKind: SourceKind {
    var formats: [SourceFormat] { [.plist] }
    var summary: String { "property lists, XML or binary, as documents" }
    var extensions: [String: SourceFormat] { ["plist": .plist] }
    var readsBinary: Bool { true }

    func recognises(_ bytes: [UInt8]) -> SourceFormat? {
        if bytes.starts(with: Array("bplist0".utf8)) { return .plist }
        let head = String(decoding: bytes.prefix(512), as: UTF8.self)
        return head.contains("<!DOCTYPE plist") || head.contains("<plist") ? .plist : nil
    }

    func open(_ input: SourceInput, as format: SourceFormat, request: SourceRequest) throws(SourceLoadError) -> OpenedSource {
        let document = try Self.value(of: input.bytes, origin: input.origin).document
        return OpenedSource(hierarchy: JSONDocumentBuilder().hierarchy(from: document, name: input.name), format: .document)
    }

    /// The value a property list's bytes hold; a problem names the file (and the place, in XML).
    static func value(of bytes: [UInt8], origin: String) throws(SourceLoadError) -> DocumentValue {
        if bytes.starts(with: Array("bplist".utf8)) {
            if let set = BinaryPropertyList.firstSet(in: bytes) {
                throw SourceLoadError("\(origin): invalid property list: object \(set) is a set, which property lists do not hold")
            }
            do {
                return try BinaryPropertyList(bytes).value()
            } catch {
                throw SourceLoadError("\(origin): invalid property list: \(error.message)")
            }
        }
        let index = try XMLIndexer.index(bytes, origin: origin)
        do {
            return try XMLPropertyList(bytes: bytes, index: index).value()
        } catch {
            throw SourceLoadError("\(origin): invalid property list at \(LineNumber.place(of: error.offset, in: bytes)): \(error.message)")
        }
    }
}
