/// A table or view of a PostgreSQL database as the whole database's source shows it: where it is, its columns,
/// the columns its rows are keyed and paged by, and the tree its rows form when they name a parent row.
struct PostgresRelation: Sendable {
    /// Its schema.
    let schema: String
    /// Its name in the schema.
    let name: String
    /// What it is: table, view, materialized view, partitioned table, foreign table.
    let kind: String
    /// `"schema"."name"`, quoted by libpq.
    let quotedName: String
    /// Its columns and their types, as the catalog writes them.
    let columns: [(name: String, type: String)]
    /// Its primary key's columns, quoted; empty when it has none.
    let keys: [String]
    /// Its primary key's columns' names.
    let keyNames: [String]
    /// The id and parent columns when its rows name a parent row of the same table (a foreign key to itself, or
    /// the columns `--id` and `--parent` would pick).
    let tree: (id: String, parent: String)?

    /// How its rows are keyed: by primary key, by their place on disk (a table without one), or by position.
    enum Keying {
        case primaryKey
        case tuple
        case position
    }

    var keying: Keying {
        if !keys.isEmpty { return .primaryKey }
        return kind == "table" || kind == "materialized view" ? .tuple : .position
    }

    /// The columns rows are ordered and paged by, for a select list and a comparison.
    var orderColumns: [String] {
        switch keying {
        case .primaryKey: return keys
        case .tuple: return ["ctid"]
        case .position: return []
        }
    }

    /// The first column that holds text, which titles a row that has no name-like column.
    var firstTextColumn: String? {
        columns.first { $0.type == "text" || $0.type.hasPrefix("character") || $0.type == "name" || $0.type == "citext" }?.name
    }

    /// The kind of a `pg_class.relkind`.
    static func kind(of relkind: String) -> String {
        switch relkind {
        case "v": return "view"
        case "m": return "materialized view"
        case "p": return "partitioned table"
        case "f": return "foreign table"
        default: return "table"
        }
    }
}
