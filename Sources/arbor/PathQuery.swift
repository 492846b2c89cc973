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
        search.forEachMatch { match in
            printed += 1
            if field == .value || field == .json, match.value.containsNonFiniteNumber { nonFinite += 1 }
            if output.write(record(match, field: field, formatter: formatter) + terminator) { return true }
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

    private static func record(_ match: QueryMatch, field: Field, formatter: ItemFormatter) -> [UInt8] {
        switch field {
        case .value: return Array(match.value.compactJSON.utf8)
        case .path: return Array(NormalizedPath.text(match.path).utf8)
        case .id: return formatter.bytes(match.itemID)
        case .title: return formatter.bytes(match.itemTitle)
        case .json:
            let members: [(key: String, value: JSONPathValue)] = [
                ("path", .string(NormalizedPath.text(match.path))), ("id", .string(match.itemID)), ("value", match.value),
            ]
            return Array(JSONPathValue.object(members).compactJSON.utf8)
        }
    }
}
