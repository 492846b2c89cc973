/// The table or view a PostgreSQL source browses and its columns, found in the server's catalog by
/// parameters (never by a name written into SQL), and their names quoted by libpq for the queries.
struct PostgresTable: Sendable {
    /// The name as the user gave it or the catalog has it (`nodes`, `inventory.nodes`).
    var name: String
    /// `"schema"."table"`, quoted.
    var quotedName: String
    /// The columns, in the table's order, each with its type.
    var columns: [(name: String, type: String)]
    /// The columns that a unique index of their own (a primary key, say) keeps from repeating a value.
    var uniqueColumns: Set<String>

    /// Finds `requested` (or the only table visible when nil) and its columns; the error lists what there is.
    init(_ requested: String?, on connection: PostgresConnection, place: String) throws(PostgresError) {
        let visible = try connection.query("""
            SELECT n.nspname, c.relname, c.oid::text FROM pg_catalog.pg_class c
            JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
            WHERE c.relkind IN ('r', 'v', 'm', 'p', 'f') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
              AND n.nspname NOT LIKE 'pg_toast%'
              AND (pg_catalog.pg_table_is_visible(c.oid) OR $1::text IS NOT NULL)
            ORDER BY pg_catalog.pg_table_is_visible(c.oid) DESC, n.nspname, c.relname
            """, [requested]).rows
        let named = visible.map { row in (schema: row[0] ?? "", table: row[1] ?? "", oid: row[2] ?? "") }
        let listed = named.prefix(20).map(\.table).joined(separator: ", ")
        let chosen: (schema: String, table: String, oid: String)
        if let requested {
            guard let match = named.first(where: { $0.table == requested || "\($0.schema).\($0.table)" == requested }) else {
                throw PostgresError("\(place): no table or view '\(requested)' (tables: \(listed.isEmpty ? "none" : listed))")
            }
            chosen = match
        } else {
            guard named.count == 1 else {
                throw PostgresError("\(place): name the table with --table (tables: \(listed.isEmpty ? "none" : listed))")
            }
            chosen = named[0]
        }
        name = requested ?? chosen.table
        quotedName = try connection.quoted(chosen.schema) + "." + connection.quoted(chosen.table)
        let described = try connection.query("""
            SELECT a.attname, pg_catalog.format_type(a.atttypid, a.atttypmod), EXISTS (
              SELECT 1 FROM pg_catalog.pg_index i WHERE i.indrelid = a.attrelid AND i.indisunique AND i.indisvalid AND i.indnkeyatts = 1
                AND i.indkey[0] = a.attnum AND i.indpred IS NULL)
            FROM pg_catalog.pg_attribute a
            WHERE a.attrelid = $1::oid AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum
            """, [chosen.oid]).rows
        columns = described.map { (name: $0[0] ?? "", type: $0[1] ?? "") }
        uniqueColumns = Set(described.filter { $0[2] == "t" }.map { $0[0] ?? "" })
    }

    /// The first of `names` that is a column; the error names the option that chooses it.
    func column(_ names: [String], option: String, place: String) throws(PostgresError) -> String {
        guard let found = names.first(where: { name in columns.contains { $0.name == name } }) else {
            throw PostgresError("\(place): table '\(name)' has no column '\(names.joined(separator: "' or '"))' "
                + "(columns: \(columns.map(\.name).joined(separator: ", "))); name it with \(option)")
        }
        return found
    }

    /// The type of a column, as the catalog writes it (`integer`, `text`, `ltree`).
    func type(of column: String) -> String {
        columns.first { $0.name == column }?.type ?? ""
    }
}
