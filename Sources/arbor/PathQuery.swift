import ArborCore
import ArborPath
import ArborSources

/// Answers `arbor query path EXPR [SOURCE]`: the matches printed as the walk finds them.
enum PathQuery {
    /// What a match prints as.
    enum Field: String {
        case value, path, id, title, json
    }

    /// The expression parsed, or a failure saying where it is wrong (the expression, a caret under the place).
    static func parse(_ expression: String) throws(ArborFailure) -> JSONPath {
        do {
            return try JSONPath(expression)
        } catch {
            throw .invalid("invalid JSONPath: \(error.message) at column \(error.column)",
                           hint: "  " + expression + "\n  " + String(repeating: " ", count: max(0, error.offset)) + "^")
        }
    }

    /// Prints the matches; returns the exit status.
    static func run(_ command: QueryCommand, query: JSONPath, source opened: OpenedSource) throws(ArborFailure) -> Int32 {
        let search = SourceQuery(query, source: opened.hierarchy)
        let fallback: Field = search.reader.source.isDocument ? .value : .id
        let field = command.output.output.flatMap(Field.init(rawValue:)) ?? fallback
        let terminator = command.output.terminator
        // The walk recurses per level of nesting: it runs on a thread whose stack holds the deepest it goes.
        let formatter = ItemFormatter(field: nil, of: opened)
        let printed = QueryThread.run { print(search, field: field, terminator: terminator, formatter: formatter) }
        if let failure = printed.failure { throw .invalid(failure) }
        return printed.status
    }

    /// Prints the matches; the exit status, or why the walk stopped short.
    private static func print(_ search: SourceQuery, field: Field, terminator: [UInt8], formatter: ItemFormatter)
        -> (status: Int32, failure: String?) {
        var output = GatheredOutput()
        var printed = 0
        var nonFinite = 0
        var readerGone = false
        var record: [UInt8] = []
        search.forEachMatch { match in
            printed += 1
            record.removeAll(keepingCapacity: true)
            if write(match, field: field, formatter: formatter, to: &record) { nonFinite += 1 }
            record += terminator
            if output.write(record) { return true }
            readerGone = true
            return false
        }
        if readerGone { return (0, nil) }
        _ = output.flush()
        if nonFinite > 0 {
            printError("arbor: \(nonFinite == 1 ? "a value" : "\(nonFinite) values") printed held inf or nan, "
                + "which JSON has no number for: written as null")
        }
        if let failure = search.reader.failure { return (2, failure.message) }
        return (printed == 0 ? 1 : 0, nil)
    }

    /// Appends what a match prints as to `record`; whether its value held an infinity or NaN, written as `null`.
    private static func write(_ match: QueryMatch, field: Field, formatter: ItemFormatter, to record: inout [UInt8]) -> Bool {
        switch field {
        case .value: return match.appendCompactJSON(to: &record)
        case .path: record += NormalizedPath.text(match.path).utf8
        case .id: record += formatter.bytes(match.itemID)
        case .title: record += formatter.bytes(match.itemTitle)
        case .json:
            // As the object {path, id, value} compactJSON writes, the value written without being made.
            record += #"{"path":"#.utf8
            record += JSONPathValue.string(NormalizedPath.text(match.path)).compactJSON.utf8
            record += #","id":"#.utf8
            record += JSONPathValue.string(match.itemID).compactJSON.utf8
            record += #","value":"#.utf8
            let nonFinite = match.appendCompactJSON(to: &record)
            record += "}".utf8
            return nonFinite
        }
        return false
    }
}
