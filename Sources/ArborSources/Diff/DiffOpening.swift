import ArborCore
import ArborPath

/// Opens two sources as one difference: each read whole as the value a JSONPath query's `$` reads (a document
/// as itself, any other source as its items' fields with their children under `children`), compared into a
/// ``DiffHierarchy``; with watching on, it follows both files, compared again when either is rewritten.
public enum DiffOpening {
    /// The difference between the sources `first` and `second` name (`names` for messages and the header);
    /// problems in the data go to `problems`.
    public static func open(_ first: SourceRequest, _ second: SourceRequest, names: (String, String)) throws(SourceLoadError)
        -> (opened: OpenedSource, difference: DiffHierarchy) {
        var problems: [String] = []
        let (old, new) = try versions(first, second, names: names, problems: &problems)
        let shown = (displayName(names.0), displayName(names.1))
        let difference = DiffHierarchy(old: old, new: new, names: shown)
        guard first.watches, second.watches, let one = first.path, let other = second.path else {
            return (OpenedSource(hierarchy: difference, format: SourceFormat("diff"), problems: problems), difference)
        }
        let following = ReopeningSource(difference, paths: [one, other]) { () throws(SourceLoadError) in
            var ignored: [String] = []
            let (old, new) = try versions(first, second, names: names, problems: &ignored)
            return DiffHierarchy(old: old, new: new, names: shown)
        }
        return (OpenedSource(hierarchy: following ?? difference, format: SourceFormat("diff"), problems: problems), difference)
    }

    /// Both versions' values, indexed. A JSON file is indexed as it is written, so that its equal parts compare as
    /// bytes; two files with the same bytes are indexed once.
    static func versions(_ first: SourceRequest, _ second: SourceRequest, names: (String, String), problems: inout [String])
        throws(SourceLoadError) -> (IndexedValue, IndexedValue) {
        let firstBytes = jsonBytes(first)
        let secondBytes = jsonBytes(second)
        var old = firstBytes.flatMap(IndexedJSON.init(bytes:))
        if old == nil { old = indexed(try value(of: first, name: names.0, problems: &problems)) }
        if let old, let secondBytes, secondBytes == firstBytes { return (old.top, old.top) }
        var new = secondBytes.flatMap(IndexedJSON.init(bytes:))
        if new == nil { new = indexed(try value(of: second, name: names.1, problems: &problems)) }
        return (old!.top, new!.top)
    }

    /// The bytes of a file read as one JSON document (by its format, its extension or its first byte), else nil.
    private static func jsonBytes(_ request: SourceRequest) -> [UInt8]? {
        guard let path = request.path, !path.contains("://"), !SourceFile.isDirectory(path) else { return nil }
        if let format = request.format, ![SourceFormat.json, .document, .tree].contains(format) { return nil }
        guard let bytes = try? SourceFile.read(path) else { return nil }
        if request.format != nil || path.hasSuffix(".json") { return bytes }
        let first = bytes.first { !IndexedJSON.isSpace($0) }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[") ? bytes : nil
    }

    private static func indexed(_ value: JSONPathValue) -> IndexedJSON {
        IndexedJSON(bytes: Array(value.compactJSON.utf8))!
    }

    /// The whole value of a source, as a JSONPath query's `$` reads it.
    public static func value(of request: SourceRequest, name: String, problems: inout [String]) throws(SourceLoadError) -> JSONPathValue {
        var reading = request
        reading.readsDocuments = true
        reading.watches = false
        let opened = try SourceOpener.open(reading)
        problems += opened.problems
        var found: JSONPathValue?
        let query = SourceQuery(try! JSONPath("$"), source: opened.hierarchy)
        query.forEachMatch { match in
            found = match.value
            return false
        }
        if let failure = query.reader.failure { throw SourceLoadError("\(name): \(failure.message)") }
        guard let found else { throw SourceLoadError("\(name): holds nothing to compare") }
        return found
    }

    private static func displayName(_ name: String) -> String {
        String(name.split(separator: "/").last ?? Substring(name))
    }
}
