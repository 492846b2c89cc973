import ArborCommandLine
import ArborCore

/// What finds search and how far they walk a lazy source.
struct SearchOptions {
    /// Each option, declared once: the help lists it and the command reads it by this.
    enum Spec {
        static let fields = OptionSpec.value("search-fields", help: "The texts a find matches, comma-separated: title, id, subtitle, body (default: title, and body for a document: its values).")
        static let depth = OptionSpec.value("search-depth", help: "The deepest level a find walks (default: every level in memory, 12 on disk or a database).")
        static let limit = OptionSpec.value("search-limit", help: "The most items a find visits (default: all in memory, 500000 on disk or a database).")
    }

    /// The options, in the order the help lists them.
    static let options: [OptionSpec] = [Spec.fields, Spec.depth, Spec.limit]

    /// The fields named by --search-fields, or nil for the source's default.
    var named: SearchFields?
    var depth: Int?
    var limit: Int?

    /// The options of a parsed command line; an unknown field or a bound under 1 is an error.
    init(_ parsed: ParsedCommandLine) throws(CommandLineError) {
        if let names = parsed.value(Spec.fields) {
            guard let fields = SearchFields(names: names) else {
                throw CommandLineError("--search-fields takes title, id, subtitle or body, comma-separated, not '\(names)'")
            }
            named = fields
        }
        depth = try parsed.integer(Spec.depth)
        limit = try parsed.integer(Spec.limit)
        for (option, value) in [(Spec.depth, depth), (Spec.limit, limit)] {
            if let value, value < 1 { throw CommandLineError("--\(option.name) must be 1 or more, not \(value)") }
        }
    }

    /// The texts a find matches: those named, else a document's keys and values, any other source's titles.
    func fields(for source: any HierarchySource) -> SearchFields {
        named ?? (source.isDocument ? [.title, .body] : .title)
    }

    /// The bound the user gave, on top of the source's own; nil when none was given.
    func bound(for source: any HierarchySource) -> SearchBound? {
        guard depth != nil || limit != nil else { return nil }
        let own = source.searchBound
        return SearchBound(depth: depth ?? own.depth, items: limit ?? own.items)
    }
}
