
/// Opens JSON bytes through an index: as an object tree or as a document, as the format says or as they look.
enum JSONIndexing {
    /// How far into the bytes the tree scan counts brackets through values of the first object before it
    /// leaves the question to the document index.
    static let deferBeyond = 1 << 20

    /// The indexed source, or nil when the bytes are not well-formed (the full parser then says where) or
    /// their top value is a scalar. With the format left to detection, the tree scan and the document scan run
    /// side by side; the document scan stops as soon as the bytes are known to be a tree.
    static func open(_ bytes: SourceBytes, name: String, format: SourceFormat, mapping: FieldMapping) -> OpenedSource? {
        switch format {
        case .tree:
            return LazyJSONTree(bytes: bytes, name: name, mapping: mapping, force: true, race: nil).map { OpenedSource(hierarchy: $0, format: .tree) }
        case .document:
            return LazyJSONDocument(bytes: bytes, name: name, race: nil).map { OpenedSource(hierarchy: $0, format: .document) }
        default:
            return detecting(bytes, name: name, mapping: mapping)
        }
    }

    /// As ``open(_:name:format:mapping:)``, for bytes whose document index is built already (a YAML text's, as it
    /// was written): left to detection, only the tree scan runs, passing the first object's large values by that
    /// index.
    static func open(_ bytes: SourceBytes, index: JSONDocumentIndex, name: String, format: SourceFormat, mapping: FieldMapping) -> OpenedSource? {
        if format == .tree { return open(bytes, name: name, format: format, mapping: mapping) }
        if format != .document, let tree = tree(bytes, name: name, mapping: mapping, passingBy: index) {
            return OpenedSource(hierarchy: tree, format: .tree)
        }
        return OpenedSource(hierarchy: LazyJSONDocument(bytes: bytes, index: index, name: name), format: .document)
    }

    /// The object tree of `bytes`, the first object's large values passed by the document `index`; nil when they
    /// are not a tree.
    private static func tree(_ bytes: SourceBytes, name: String, mapping: FieldMapping, passingBy index: JSONDocumentIndex) -> LazyJSONTree? {
        LazyJSONTree(bytes: bytes, name: name, mapping: mapping, force: false, race: nil) { start in
            index.container(at: start).map { index.end(Int($0)) }
        }
    }

    /// The tree scan and the document scan side by side, a large document's scan in two parts, each on a
    /// thread: the tree scan ends soon for a document whose first object holds no children array, and the
    /// document's parts stop soon for a tree, once the tree scan has found the first object's children array.
    /// A value of the first object reaching past `deferBeyond` leaves the question to the document index.
    private static func detecting(_ bytes: SourceBytes, name: String, mapping: FieldMapping) -> OpenedSource? {
        let race = ScanRace()
        let results = ScanResults()
        bytes.withUnsafeBufferPointer { buffer in
            let split = buffer.count >= JSONDocumentSplitScan.threshold
                ? JSONSplitScanJob(buffer, splitAt: buffer.count / 100 * 50, race: race) : nil
            WorkerThreads.perform(split == nil ? 2 : 3) { which in
                switch (which, split) {
                case (0, _):
                    results.tree = LazyJSONTree(bytes: bytes, name: name, mapping: mapping, force: false, race: race,
                                                deferBeyond: Self.deferBeyond)
                case (1, let split?): split.scan(part: 1)
                case (2, let split?): split.scan(part: 0)
                default: results.document = LazyJSONDocument(bytes: bytes, name: name, race: race)
                }
            }
            if let split, results.tree == nil {
                results.document = split.joined().map { LazyJSONDocument(bytes: bytes, index: $0, name: name) }
                    ?? LazyJSONDocument(bytes: bytes, name: name, race: race)
            }
        }
        if results.tree == nil, race.treeDeferred, let document = results.document {
            // The first object's members are read again, each large value passed by the document index.
            results.tree = tree(bytes, name: name, mapping: mapping, passingBy: document.index)
        }
        if let tree = results.tree { return OpenedSource(hierarchy: tree, format: .tree) }
        return results.document.map { OpenedSource(hierarchy: $0, format: .document) }
    }
}

/// What the two scans found; each writes its own field from its own thread, read after both have ended.
private final class ScanResults: @unchecked Sendable {
    var tree: LazyJSONTree?
    var document: LazyJSONDocument?
}
