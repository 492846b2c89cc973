import ArborCore

/// How a table holds its hierarchy, as the SQL that asks it: an id and a parent column (adjacency), or one
/// column with each row's whole path (`ltree`, or text separated by `/`), the path being the id.
struct PostgresShape: Sendable {
    enum Kind: Sendable {
        case adjacency(parent: String)
        case ltree
        case textPath
    }

    let kind: Kind
    /// The quoted table.
    let table: String
    /// The quoted id column (the path column for paths).
    let id: String
    /// The quoted columns children are ordered by, the id last.
    let keys: [String]
    /// Whether a parent column holds text, so that an empty parent means the top too.
    let parentIsText: Bool
    /// Whether no two rows have the same id (a unique index on the id column alone).
    let idIsUnique: Bool
    /// The quoted columns an item's title may come from, in the mapping's order.
    let titles: [String]
    /// Every quoted column of the table, in its order.
    let columns: [String]

    /// The table's columns of the row aliased `row`, for a select list.
    func columns(of row: String) -> String {
        columns.map { "\(row).\($0)" }.joined(separator: ", ")
    }

    /// The condition on a row to be a child of `parent` ("" for the top), its value added to `values`.
    func childOf(_ parent: String, _ values: inout [String?]) -> String {
        switch kind {
        case .adjacency(let column):
            guard !parent.isEmpty else { return parentIsText ? "(\(column) IS NULL OR \(column) = '')" : "\(column) IS NULL" }
            values.append(parent)
            return "\(column) = $\(values.count)"
        case .ltree:
            guard !parent.isEmpty else { return "nlevel(\(id)) = 1" }
            values.append(parent)
            return "\(id) ~ ($\(values.count)::text || '.*{1}')::lquery"
        case .textPath:
            guard !parent.isEmpty else { return "strpos(ltrim(\(id)::text, '/'), '/') = 0" }
            values.append(Self.likePattern(parent) + "/%")
            values.append(parent)
            return "\(id)::text LIKE $\(values.count - 1) AND strpos(substr(\(id)::text, length($\(values.count)) + 2), '/') = 0"
        }
    }

    /// The condition on the row aliased `child` to be a child of the row aliased `parent`.
    func childJoin(child: String, parent: String) -> String {
        let (c, p) = ("\(child).\(id)", "\(parent).\(id)")
        switch kind {
        case .adjacency(let column): return "\(child).\(column) = \(p)" + (parentIsText ? "::text" : "")
        case .ltree: return "\(c) <@ \(p) AND nlevel(\(c)) = nlevel(\(p)) + 1"
        case .textPath:
            return "\(c)::text LIKE \(Self.likeExpression("\(p)::text")) || '/%' AND strpos(substr(\(c)::text, length(\(p)::text) + 2), '/') = 0"
        }
    }

    /// The title of the row aliased `row`, as text: the first mapped column not empty, else its id.
    func title(of row: String) -> String {
        "COALESCE(" + (titles.map { "NULLIF(\(row).\($0)::text, ''), " }.joined()) + "\(row).\(id)::text)"
    }

    /// How many children each of `ids` has: rows of (id, count), in one statement.
    /// Counts stop past ``ChildPaging/listedCountLimit``: a row with a longer list gets the limit plus one.
    func counts(of ids: [String]) -> (sql: String, values: [String?]) {
        let array = Self.arrayLiteral(ids)
        let limit = "LIMIT \(ChildPaging.listedCountLimit + 1)) AS counted)"
        switch kind {
        case .adjacency:
            // Ordered as the index on the parent column orders the children, so that the planner walks that
            // index for a parent it expects many rows of instead of scanning the table for the first of them.
            let order = keys.map { "c.\($0)" }.joined(separator: ", ")
            return ("SELECT x.\(id)::text, (SELECT count(*) FROM (SELECT 1 FROM \(table) AS c WHERE \(childJoin(child: "c", parent: "x")) "
                + "ORDER BY \(order) \(limit) FROM \(table) AS x WHERE x.\(id) = ANY($1)", [array])
        case .ltree:
            return ("SELECT p.id, (SELECT count(*) FROM (SELECT 1 FROM \(table) WHERE \(id) ~ (p.id || '.*{1}')::lquery \(limit) "
                + "FROM unnest($1::text[]) AS p(id)", [array])
        case .textPath:
            return ("SELECT p.id, (SELECT count(*) FROM (SELECT 1 FROM \(table) WHERE \(id)::text LIKE \(Self.likeExpression("p.id")) || '/%' "
                + "AND strpos(substr(\(id)::text, length(p.id) + 2), '/') = 0 \(limit) FROM unnest($1::text[]) AS p(id)", [array])
        }
    }

    /// The parent of the row with id `$1`, as text (NULL at the top).
    var parentQuery: String {
        switch kind {
        case .adjacency(let column): return "SELECT \(column)::text FROM \(table) WHERE \(id) = $1"
        case .ltree: return "SELECT CASE WHEN nlevel(\(id)) > 1 THEN subpath(\(id), 0, nlevel(\(id)) - 1)::text END FROM \(table) WHERE \(id) = $1::ltree"
        case .textPath:
            return "SELECT NULLIF(regexp_replace(rtrim(\(id)::text, '/'), '/?[^/]*$', ''), '') FROM \(table) WHERE \(id)::text = $1"
        }
    }

    /// The condition on a row to have id `$n`.
    func isItem(_ placeholder: String) -> String {
        switch kind {
        case .adjacency: return "\(id) = \(placeholder)"
        case .ltree: return "\(id) = \(placeholder)::ltree"
        case .textPath: return "\(id)::text = \(placeholder)"
        }
    }

    /// The children's order, ascending or descending.
    func ordering(descending: Bool) -> String {
        keys.map { $0 + (descending ? " DESC" : "") }.joined(separator: ", ")
    }

    /// A text array literal for a parameter (`{"a","b \"c\""}`).
    static func arrayLiteral(_ values: [String]) -> String {
        "{" + values.map { "\"" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
            .joined(separator: ",") + "}"
    }

    /// `text` with LIKE's wildcards escaped (the default escape is the backslash).
    static func likePattern(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
    }

    /// The SQL that escapes LIKE's wildcards in `expression`.
    static func likeExpression(_ expression: String) -> String {
        "replace(replace(replace(\(expression), '\\', '\\\\'), '%', '\\%'), '_', '\\_')"
    }
}
