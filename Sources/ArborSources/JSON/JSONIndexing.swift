import Dispatch

/// Opens JSON bytes through an index: as an object tree or as a document, as the format says or as they look.
enum JSONIndexing {
    /// The indexed source, or nil when the bytes are not well-formed (the full parser then says where) or
    /// their top value is a scalar. With the format left to detection, the tree scan and the document scan run
    /// side by side; the document scan stops as soon as the bytes are known to be a tree.
    static func open(_ bytes: [UInt8], name: String, format: SourceFormat, mapping: FieldMapping) -> OpenedSource? {
        switch format {
        case .tree:
            return LazyJSONTree(bytes: bytes, name: name, mapping: mapping, force: true).map { OpenedSource(hierarchy: $0, format: .tree) }
        case .document:
            return LazyJSONDocument(bytes: bytes, name: name).map { OpenedSource(hierarchy: $0, format: .document) }
        default:
            let race = ScanRace()
            let results = ScanResults()
            DispatchQueue.concurrentPerform(iterations: 2) { which in
                if which == 0 {
                    results.tree = LazyJSONTree(bytes: bytes, name: name, mapping: mapping, force: false, race: race)
                } else {
                    results.document = LazyJSONDocument(bytes: bytes, name: name, race: race)
                }
            }
            if let tree = results.tree { return OpenedSource(hierarchy: tree, format: .tree) }
            return results.document.map { OpenedSource(hierarchy: $0, format: .document) }
        }
    }
}

/// What the two scans found; each writes its own field from its own thread, read after both have ended.
private final class ScanResults: @unchecked Sendable {
    var tree: LazyJSONTree?
    var document: LazyJSONDocument?
}
