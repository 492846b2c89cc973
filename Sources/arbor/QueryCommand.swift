import ArborCommandLine

/// `arbor query RELATION ID [SOURCE]`: ancestors, descendants or siblings of an item, or them grouped, on stdout;
/// `arbor query path EXPR [SOURCE]`: the matches of a JSONPath query.
struct QueryCommand {
    /// Each option of the command's own, declared once: the help lists it and the command reads it by this.
    enum Spec {
        static let conditions = OptionSpec("where", .value(valueName: "where"), help: "Keep items whose FIELD equals VALUE (FIELD=VALUE; repeatable).")
        static let by = OptionSpec.value("by", help: "The field to group by (group).")
        static let of = OptionSpec.value("of", help: "What to group (group): ancestors, descendants or siblings.")
    }

    /// The command's arguments, options and help.
    static let spec = CommandLineSpec(
        name: "query",
        abstract: "Print the ancestors, descendants or siblings of an item, group them by a field, or ask a JSONPath query.",
        discussion: """
            ancestors are printed nearest first, descendants depth first (level by level from a PostgreSQL \
            server, which streams them), siblings in order; an item is never its \
            own ancestor, descendant or sibling. group prints KEY<TAB>ITEM lines for the items --of names \
            (default: descendants), grouped by the --by field in order of first appearance. path takes a \
            JSONPath expression (RFC 9535) in place of the id and prints its matches as they are found, in the \
            RFC's order: --output value (the default for JSON and YAML) each match's value as one line of JSON, \
            path its normalized path, id or title its item's; a JSON or YAML file is queried as the document it \
            is, any other source as items that are objects of their fields with their children under \
            `children`. Exit status: 0 something printed, 1 nothing matched, 2 bad usage, an invalid \
            expression (with its column), bad source or unknown id.
            """,
        arguments: [
            ArgumentSpec("relation", help: "ancestors, descendants, siblings, group or path."),
            ArgumentSpec("id", help: "The id of the item the question is about (path: the JSONPath expression)."),
            SourceOptions.argument,
        ],
        options: SourceOptions.options + OutputOptions.options(adding: ["value"]) + [Spec.conditions, Spec.by, Spec.of])

    /// The relations a query can ask for.
    enum Relation: String, CaseIterable {
        case ancestors, descendants, siblings, group, path

        init(_ text: String, option: String) throws(CommandLineError) {
            guard let relation = Relation(rawValue: text) else {
                throw CommandLineError("\(option) must be ancestors, descendants, siblings, group or path, not '\(text)'")
            }
            self = relation
        }
    }

    var relation: Relation
    var id: String
    var source: SourceOptions
    var output: OutputOptions
    var conditions: [String]
    var by: String?
    var of: Relation

    /// The command of a parsed command line; a --where without `=` or a group without --by is an error.
    init(_ parsed: ParsedCommandLine) throws(CommandLineError) {
        relation = try Relation(parsed.arguments[0], option: "<relation>")
        id = parsed.arguments[1]
        source = try SourceOptions(parsed, source: parsed.arguments.count > 2 ? parsed.arguments[2] : nil)
        output = try OutputOptions(parsed, adding: relation == .path ? ["value"] : [])
        conditions = parsed.values(Spec.conditions)
        by = parsed.value(Spec.by)
        of = try parsed.value(Spec.of).map { text throws(CommandLineError) in try Relation(text, option: "--of") } ?? .descendants
        for condition in conditions where !condition.contains("=") {
            throw CommandLineError("--where takes FIELD=VALUE, not '\(condition)'")
        }
        if relation == .group, by == nil { throw CommandLineError("group needs --by FIELD") }
        if relation == .path, !conditions.isEmpty || by != nil { throw CommandLineError("path takes no --where or --by: say it in the expression") }
        if of == .group || of == .path { throw CommandLineError("--of must be ancestors, descendants or siblings") }
    }

    /// The FIELD=VALUE pairs of --where.
    var filters: [(field: String, value: String)] {
        conditions.map { condition in
            let parts = condition.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
    }
}
