import ArborCore

/// A table or view in a PostgreSQL database, read lazily and read-only through libpq: a `postgres://` or
/// `postgresql://` URI, or `--format postgres` with a connection string or libpq's environment.
struct PostgresKind: SourceKind {
    var formats: [SourceFormat] { [.postgres] }
    var summary: String { "a PostgreSQL database (its schemas, tables, rows and fields), or one table of it as a tree (--table), read lazily and read-only" }
    var schemes: [String] { ["postgres", "postgresql"] }
    var options: [SourceOption] {
        [
            SourceOption("path-column", help: "A PostgreSQL column holding each row's whole path (ltree, or text with '/'), instead of --parent."),
        ]
    }

    /// Whether a request names a PostgreSQL source, by its format or its URI.
    static func names(_ request: SourceRequest) -> Bool {
        request.format == .postgres || ["postgres://", "postgresql://"].contains { request.path?.hasPrefix($0) == true }
    }

    func check(_ request: SourceRequest) -> String? {
        TableSettings(request).pathColumn != nil && !Self.names(request) ? "--path-column goes with a PostgreSQL source" : nil
    }

    func claims(_ request: SourceRequest) -> Bool { request.format == .postgres }

    func open(_ request: SourceRequest) throws(SourceLoadError) -> OpenedSource {
        let target = PostgresTarget(connection: request.path ?? "", timeoutSeconds: request.timeout)
        let settings = TableSettings(request)
        if settings.table == nil, settings.pathColumn == nil, settings.root == nil {
            do throws(PostgresError) {
                let database = try PostgresDatabaseSource(target, mapping: request.mapping)
                // A database of one table that is a tree opens as that tree, as it always has.
                if let only = database.onlyRelation, only.tree != nil, let single = try? PostgresSource(
                    target, table: only.schema + "." + only.name, mapping: request.mapping, orderBy: settings.orderBy, pathColumn: nil, root: nil) {
                    return OpenedSource(hierarchy: single, format: .postgres)
                }
                return OpenedSource(hierarchy: database, format: .postgres)
            } catch {
                throw SourceLoadError(error.message)
            }
        }
        do throws(PostgresError) {
            let source = try PostgresSource(
                target, table: settings.table, mapping: request.mapping, orderBy: settings.orderBy,
                pathColumn: settings.pathColumn, root: settings.root)
            return OpenedSource(hierarchy: source, format: .postgres)
        } catch {
            throw SourceLoadError(error.message)
        }
    }
}
