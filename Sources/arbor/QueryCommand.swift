import ArborCore
import ArborSources
import ArgumentParser

/// `arbor query RELATION ID [SOURCE]`: ancestors, descendants or siblings of an item, or them grouped, on stdout.
struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Print the ancestors, descendants or siblings of an item, or group them by a field.",
        discussion: """
            ancestors are printed nearest first, descendants depth first, siblings in order; an item is never its \
            own ancestor, descendant or sibling. group prints KEY<TAB>ITEM lines for the items --of names \
            (default: descendants), grouped by the --by field in order of first appearance. Exit status: 0 \
            something printed, 1 nothing matched, 2 bad usage, bad source or unknown id.
            """
    )

    /// The relations a query can ask for.
    enum Relation: String, ExpressibleByArgument, CaseIterable {
        case ancestors, descendants, siblings, group
    }

    @Argument(help: "ancestors, descendants, siblings or group.")
    var relation: Relation

    @Argument(help: "The id of the item the question is about.")
    var id: String

    @OptionGroup var source: SourceOptions
    @OptionGroup var output: OutputOptions

    @Option(name: .customLong("where"), help: "Keep items whose FIELD equals VALUE (FIELD=VALUE; repeatable).")
    var conditions: [String] = []

    @Option(help: "The field to group by (group).")
    var by: String?

    @Option(help: "What to group (group): ancestors, descendants or siblings.")
    var of: Relation = .descendants

    func validate() throws {
        for condition in conditions where !condition.contains("=") {
            throw ValidationError("--where takes FIELD=VALUE, not '\(condition)'")
        }
        if relation == .group, by == nil { throw ValidationError("group needs --by FIELD") }
        if of == .group { throw ValidationError("--of must be ancestors, descendants or siblings") }
    }

    /// The FIELD=VALUE pairs of --where.
    var filters: [(field: String, value: String)] {
        conditions.map { condition in
            let parts = condition.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
    }
}
