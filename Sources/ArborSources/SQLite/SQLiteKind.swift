import ArborCore

/// An adjacency table in a SQLite database, read lazily with one indexed query per column.
struct SQLiteKind: SourceKind {
    var formats: [SourceFormat] { [.sqlite] }
    var summary: String { "a SQLite database (its tables, rows and fields), or one table of it as a tree (--table), read lazily" }
    var extensions: [String: SourceFormat] { ["sqlite": .sqlite, "sqlite3": .sqlite, "db": .sqlite] }
    var options: [SourceOption] {
        [
            SourceOption("table", help: "The table of a SQLite or PostgreSQL database (needed when it has several)."),
            SourceOption("order-by", help: "The column that orders the children of a database table (default: the id column)."),
        ]
    }

    func recognises(_ bytes: [UInt8]) -> SourceFormat? {
        bytes.starts(with: Array("SQLite format 3\u{0}".utf8)) ? .sqlite : nil
    }

    func claims(_ request: SourceRequest) -> Bool {
        guard let path = request.path else { return false }
        return request.format == .sqlite || (request.format == nil && SourceFormat.byExtension(path) == .sqlite)
    }

    func open(_ request: SourceRequest) throws(SourceLoadError) -> OpenedSource {
        guard let path = request.path else { throw SourceLoadError("stdin: a SQLite database must be a file") }
        guard SourceFile.exists(path) else { throw SourceLoadError("\(path): No such file or directory") }
        let settings = TableSettings(request)
        guard let table = settings.table else {
            return OpenedSource(hierarchy: try SQLiteDatabaseSource(path: path, mapping: request.mapping), format: .sqlite)
        }
        let source = try SQLiteSource(path: path, table: table, mapping: request.mapping, orderBy: settings.orderBy)
        return OpenedSource(hierarchy: source, format: .sqlite)
    }

    func open(_ input: SourceInput, as format: SourceFormat, request: SourceRequest) throws(SourceLoadError) -> OpenedSource {
        try open(request)
    }
}
