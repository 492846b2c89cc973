import ArborCore

/// What a PostgreSQL database holds, from its catalog in four statements: the schemas and their tables and
/// views (partitions left to their table), each one's columns, primary key and a foreign key to itself.
enum PostgresCatalog {
    /// The relations a user sees, outside the system's schemas.
    private static let visible = """
        c.relkind IN ('r', 'v', 'm', 'p', 'f') AND NOT c.relispartition
          AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
          AND n.nspname NOT LIKE 'pg_temp%'
        """

    /// The schemas that hold a relation, in order, each with its relations in order.
    static func relations(on connection: PostgresConnection, mapping: FieldMapping) throws(PostgresError)
        -> [(name: String, relations: [PostgresRelation])] {
        let listed = try connection.query("""
            SELECT n.nspname, c.relname, c.relkind::text, c.oid::text FROM pg_catalog.pg_class c
            JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE \(visible) ORDER BY n.nspname, c.relname
            """).rows
        var columns: [String: [(name: String, type: String)]] = [:]
        for row in try connection.query("""
            SELECT a.attrelid::text, a.attname, pg_catalog.format_type(a.atttypid, a.atttypmod) FROM pg_catalog.pg_attribute a
            JOIN pg_catalog.pg_class c ON c.oid = a.attrelid JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
            WHERE \(visible) AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attrelid, a.attnum
            """).rows {
            columns[row[0] ?? "", default: []].append((row[1] ?? "", row[2] ?? ""))
        }
        var keys: [String: [String]] = [:]
        for row in try connection.query("""
            SELECT i.indrelid::text, a.attname FROM pg_catalog.pg_index i
            JOIN pg_catalog.pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
            WHERE i.indisprimary ORDER BY i.indrelid, array_position(i.indkey::int2[], a.attnum)
            """).rows {
            keys[row[0] ?? "", default: []].append(row[1] ?? "")
        }
        var selfReferences: [String: (id: String, parent: String)] = [:]
        for row in try connection.query("""
            SELECT c.conrelid::text, r.attname, a.attname FROM pg_catalog.pg_constraint c
            JOIN pg_catalog.pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
            JOIN pg_catalog.pg_attribute r ON r.attrelid = c.confrelid AND r.attnum = c.confkey[1]
            WHERE c.contype = 'f' AND c.conrelid = c.confrelid AND array_length(c.conkey, 1) = 1
            """).rows {
            selfReferences[row[0] ?? ""] = (row[1] ?? "", row[2] ?? "")
        }
        var schemas: [(name: String, relations: [PostgresRelation])] = []
        for row in listed {
            let (schema, name, oid) = (row[0] ?? "", row[1] ?? "", row[3] ?? "")
            let described = columns[oid] ?? []
            let names = Set(described.map(\.name))
            let byNames = mapping.id.first(where: names.contains).flatMap { id in mapping.parent.first(where: names.contains).map { (id, $0) } }
            let keyNames = keys[oid] ?? []
            let relation = PostgresRelation(
                schema: schema, name: name, kind: PostgresRelation.kind(of: row[2] ?? ""),
                quotedName: try connection.quoted(schema) + "." + connection.quoted(name), columns: described,
                keys: try keyNames.map { key throws(PostgresError) in try connection.quoted(key) }, keyNames: keyNames,
                tree: selfReferences[oid] ?? byNames)
            if schemas.last?.name == schema {
                schemas[schemas.count - 1].relations.append(relation)
            } else {
                schemas.append((schema, [relation]))
            }
        }
        return schemas
    }
}
