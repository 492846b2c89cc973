#if canImport(Glibc)
import Glibc
#endif
import ArborCore
import ArborPath
import Synchronization

/// Opens two sources as one difference: each read whole as the value a JSONPath query's `$` reads (a document
/// as itself, any other source as its items' fields with their children under `children`), compared into a
/// ``DiffHierarchy``; with watching on, it follows both files, compared again when either is rewritten.
package enum DiffOpening {
    /// The difference between the sources `first` and `second` name (`names` for messages and the header);
    /// problems in the data go to `problems`.
    /// Array elements are matched by the field `matchBy` where every element holds it once, else by position.
    package static func open(_ first: SourceRequest, _ second: SourceRequest, names: (String, String), matchBy: String? = nil)
        throws(SourceLoadError)
        -> (opened: OpenedSource, difference: DiffHierarchy) {
        var problems: [String] = []
        let (old, new, documents) = try versions(first, second, names: names, problems: &problems)
        let shown = (displayName(names.0), displayName(names.1))
        let difference = DiffHierarchy(old: old, new: new, names: shown, matchBy: matchBy, documents: documents)
        guard first.watches, second.watches, let one = first.path, let other = second.path else {
            return (OpenedSource(hierarchy: difference, format: SourceFormat("diff"), problems: problems), difference)
        }
        let following = ReopeningSource(difference, paths: [one, other]) { () throws(SourceLoadError) in
            var ignored: [String] = []
            let (old, new, documents) = try versions(first, second, names: names, problems: &ignored)
            return DiffHierarchy(old: old, new: new, names: shown, matchBy: matchBy, documents: documents)
        }
        return (OpenedSource(hierarchy: following ?? difference, format: SourceFormat("diff"), problems: problems), difference)
    }

    /// Both versions' values, indexed, both read at once, and the files two directories' values go on into.
    /// JSON files are indexed as they are written, so that their equal parts compare as bytes.
    static func versions(_ first: SourceRequest, _ second: SourceRequest, names: (String, String), problems: inout [String])
        throws(SourceLoadError) -> (IndexedValue, IndexedValue, documents: Set<String>?) {
        if let one = try treeSide(first), let other = try treeSide(second) {
            let (old, new, documents) = DirectoryDocuments.versions([one, other], problems: &problems)
            return (try checked(IndexedJSON(bytes: old), name: names.0).top, try checked(IndexedJSON(bytes: new), name: names.1).top, documents)
        }
        let sides = [(first, names.0), (second, names.1)]
        let read = Mutex<[(Result<IndexedJSON, SourceLoadError>, [String])?]>([nil, nil])
        WorkerThreads.perform(2) { side in
            var found: [String] = []
            let result = Result { () throws(SourceLoadError) -> IndexedJSON in try indexed(sides[side].0, name: sides[side].1, problems: &found) }
            read.withLock { $0[side] = (result, found) }
        }
        let results = read.withLock { $0 }
        problems += results.flatMap { $0!.1 }
        return (try results[0]!.0.get().top, try results[1]!.0.get().top, nil)
    }

    /// A value indexed, or an error naming where it is too deep.
    private static func checked(_ indexed: IndexedJSON?, name: String) throws(SourceLoadError) -> IndexedJSON {
        guard let indexed else { throw SourceLoadError("\(name): does not read as JSON") }
        if let offset = indexed.tooDeep {
            throw SourceLoadError("\(name): \(LineNumber.place(of: offset, in: indexed.bytes)): values nested more than \(IndexedJSON.depthLimit) deep")
        }
        return indexed
    }

    /// One version indexed: a JSON file as it is written, a directory as its snapshot, anything else as its value
    /// written as JSON; deeper than ``IndexedJSON/depthLimit`` is an error naming the place.
    private static func indexed(_ request: SourceRequest, name: String, problems: inout [String]) throws(SourceLoadError) -> IndexedJSON {
        var indexed: IndexedJSON?
        if let path = request.path, isDirectory(request) {
            indexed = IndexedJSON(bytes: DirectorySnapshot.json(of: path, problems: &problems))
        } else if let read = yamlJSON(request) {
            // Before the JSON check, which would read a YAML file whole only to find it is not JSON.
            indexed = read.index.map { IndexedJSON(content: read.json, index: $0) } ?? IndexedJSON(content: read.json)
        } else if let bytes = jsonBytes(request) {
            indexed = IndexedJSON(bytes: bytes)
        }
        if indexed == nil { indexed = IndexedJSON(bytes: try json(of: request, name: name, problems: &problems)) }
        return try checked(indexed, name: name)
    }

    /// The bytes of a file read as one JSON document (by its format, its extension or its first byte), else nil.
    private static func jsonBytes(_ request: SourceRequest) -> [UInt8]? {
        guard let path = request.path, !path.contains("://"), !SourceFile.isDirectory(path) else { return nil }
        if let format = request.format, ![SourceFormat.json, .document, .tree].contains(format) { return nil }
        guard let bytes = try? SourceFile.read(path) else { return nil }
        if request.format != nil || path.hasSuffix(".json") { return bytes }
        // JSON Lines start as a JSON document does; they are opened as what they are instead of read twice.
        if path.hasSuffix(".jsonl") || path.hasSuffix(".ndjson") { return nil }
        let first = bytes.first { !IndexedJSON.isSpace($0) }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[") ? bytes : nil
    }

    /// A large YAML file in the block style as the JSON text it is indexed from when browsed (``YAMLBlockReader``),
    /// with that text's index where it was built as the text was written; else nil (a smaller file, or one in
    /// another style, is read whole).
    private static func yamlJSON(_ request: SourceRequest) -> YAMLBlockReader.Read? {
        #if canImport(Glibc)
        guard let path = request.path, !path.contains("://"), request.format == nil || request.format == .yaml,
              request.format == .yaml || path.hasSuffix(".yaml") || path.hasSuffix(".yml") else { return nil }
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, Int(status.st_size) >= YAMLKind.indexedBytes,
              let mapped = FileMapping.map(descriptor, size: Int(status.st_size), path: path) else { return nil }
        return YAMLBlockReader.text(mapped, releasing: true, indexing: true)
        #else
        return nil
        #endif
    }

    /// Whether the two sources are files with the same bytes (then equal, whatever they hold, without being read as
    /// documents: a gigabyte is compared in a fraction of the time it takes to index it).
    package static func sameBytes(_ first: SourceRequest, _ second: SourceRequest) -> Bool {
        guard let one = first.path, let other = second.path, !one.contains("://"), !other.contains("://"),
              first.format == second.format else { return false }
        return SameBytes.files(one, other)
    }

    /// The whole value of a source as compact JSON: a whole SQLite database as its tables' rows by key
    /// (``SQLiteDatabaseSource/comparedJSON()``), a directory's entries by name; a document as a JSONPath
    /// query's `$` reads it; any other hierarchy as its items' fields with their children by id under `children`.
    package static func json(of request: SourceRequest, name: String, problems: inout [String]) throws(SourceLoadError) -> [UInt8] {
        if let path = request.path, isDirectory(request) { return DirectorySnapshot.json(of: path, problems: &problems) }
        let hierarchy = try opened(request, problems: &problems)
        if let database = hierarchy as? SQLiteDatabaseSource { return try database.comparedJSON() }
        return Array(try value(of: hierarchy, name: name).compactJSON.utf8)
    }

    private static func opened(_ request: SourceRequest, problems: inout [String]) throws(SourceLoadError) -> any HierarchySource {
        var reading = request
        reading.readsDocuments = true
        reading.watches = false
        let opened = try SourceOpener.open(reading)
        problems += opened.problems
        return opened.hierarchy
    }

    static func value(of hierarchy: any HierarchySource, name: String) throws(SourceLoadError) -> JSONPathValue {
        if !hierarchy.isDocument {
            do {
                return try ItemTreeValue.value(of: hierarchy)
            } catch {
                throw SourceLoadError("\(name): \((error as? SourceError)?.message ?? "\(error)")")
            }
        }
        var found: JSONPathValue?
        let query = SourceQuery(try! JSONPath("$"), source: hierarchy)
        query.forEachMatch { match in
            found = match.value
            return false
        }
        if let failure = query.reader.failure { throw SourceLoadError("\(name): \(failure.message)") }
        guard let found else { throw SourceLoadError("\(name): holds nothing to compare") }
        return found
    }

    /// The side of a comparison of trees a request names: a directory, or an archive; nil for anything else.
    private static func treeSide(_ request: SourceRequest) throws(SourceLoadError) -> DirectoryDocuments.Side? {
        guard let path = request.path, !path.contains("://") else { return nil }
        if isDirectory(request) { return DirectoryDocuments.directory(path, template: request) }
        guard request.format == .archive || (request.format == nil && (ArchiveKind.namesArchive(path) || ArchiveKind.recognisesArchive(path: path)))
        else { return nil }
        return ArchiveSnapshot.side(try ArchiveSource(path: path, rootID: path, request: request))
    }

    /// Whether the request names a directory read as one (no other format asked for).
    private static func isDirectory(_ request: SourceRequest) -> Bool {
        guard let path = request.path, request.format == nil || request.format == SourceFormat("fs") else { return false }
        return SourceFile.isDirectory(path)
    }

    private static func displayName(_ name: String) -> String {
        String(name.split(separator: "/").last ?? Substring(name))
    }
}
