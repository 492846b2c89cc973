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
        let old = try value(of: first, name: names.0, problems: &problems)
        let new = try value(of: second, name: names.1, problems: &problems)
        let difference = DiffHierarchy(old: old, new: new, names: (displayName(names.0), displayName(names.1)))
        guard first.watches, second.watches, let one = first.path, let other = second.path else {
            return (OpenedSource(hierarchy: difference, format: SourceFormat("diff"), problems: problems), difference)
        }
        let following = ReopeningSource(difference, paths: [one, other]) { () throws(SourceLoadError) in
            var ignored: [String] = []
            let old = try value(of: first, name: names.0, problems: &ignored)
            let new = try value(of: second, name: names.1, problems: &ignored)
            return DiffHierarchy(old: old, new: new, names: (displayName(names.0), displayName(names.1)))
        }
        return (OpenedSource(hierarchy: following ?? difference, format: SourceFormat("diff"), problems: problems), difference)
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
