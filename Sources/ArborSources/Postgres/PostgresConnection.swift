import CLibpq
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One connection to the server, every transaction read-only and every statement bounded by a time-out.
/// Used by one thread at a time (``PostgresPool`` hands it out); only ``cancel()`` may come from another.
final class PostgresConnection: @unchecked Sendable {
    private let library: ArborLibpq
    private let connection: OpaquePointer
    private let canceller: OpaquePointer?

    /// Connects to `target` (a URI or a `key=value` string; empty: libpq's environment and service file).
    init(_ target: PostgresTarget) throws(PostgresError) {
        let library = try LibPQ.library()
        self.library = library
        var keywords = ["options", "application_name", "connect_timeout", "fallback_application_name"]
        var values = [
            "-c default_transaction_read_only=on -c statement_timeout=\(target.timeoutMilliseconds)",
            "arbor", String(max(2, Int(target.timeoutSeconds.rounded(.up)))), "arbor",
        ]
        if !target.connection.isEmpty {
            keywords.insert("dbname", at: 0)
            values.insert(target.connection, at: 0)
        }
        let opened = Self.withCStrings(keywords) { keys in
            Self.withCStrings(values) { values in library.connectdbParams(keys, values, 1) }
        }
        guard let opened else { throw PostgresError("out of memory connecting to PostgreSQL") }
        guard library.status(opened) == Int32(ARBOR_PQ_CONNECTION_OK) else {
            let message = LibPQ.text(library.errorMessage(opened))
            library.finish(opened)
            throw PostgresError(message)
        }
        connection = opened
        canceller = library.getCancel(opened)
    }

    deinit {
        if let canceller { library.freeCancel(canceller) }
        library.finish(connection)
    }

    /// Whether the connection is still usable.
    var isOpen: Bool { library.status(connection) == Int32(ARBOR_PQ_CONNECTION_OK) }

    /// Who and where, without the password: `user@host/database`.
    var place: String {
        "\(LibPQ.text(library.user(connection)))@\(LibPQ.text(library.host(connection)))/\(LibPQ.text(library.db(connection)))"
    }

    /// An identifier quoted by libpq (`"nodes; DROP TABLE x"` stays one name).
    func quoted(_ identifier: String) throws(PostgresError) -> String {
        guard let escaped = identifier.withCString({ library.escapeIdentifier(connection, $0, strlen($0)) }) else {
            throw PostgresError(LibPQ.text(library.errorMessage(connection)))
        }
        defer { library.freemem(escaped) }
        return String(cString: escaped)
    }

    /// Runs one statement with its values as parameters and returns every row.
    func query(_ sql: String, _ parameters: [String?] = []) throws(PostgresError) -> PostgresRows {
        let result = Self.withParameters(parameters) { values, count in
            library.execParams(connection, sql, count, nil, values, nil, nil, 0)
        }
        guard let result else { throw PostgresError(LibPQ.text(library.errorMessage(connection))) }
        defer { library.clear(result) }
        try check(result)
        return rows(of: result)
    }

    /// Runs one statement through a cursor and hands its rows over one at a time (each with the columns'
    /// names) as batches come from the server, until `row` says stop; the cursor is then closed. The first
    /// batch is small, for a first row at once; later ones are large, for few round trips, and each is asked
    /// for before the one before it is handed over, so that the server finds rows while Arbor writes them.
    /// Returns how many rows were handed over.
    @discardableResult
    func stream(_ sql: String, _ parameters: [String?], row: (PostgresRows) -> Bool) throws(PostgresError) -> Int {
        _ = try query("BEGIN READ ONLY")
        defer { _ = try? query("ROLLBACK") }
        _ = try query("DECLARE arbor_stream NO SCROLL CURSOR FOR " + sql, parameters)
        var handed = 0
        var batch = 100
        try send("FETCH \(batch) FROM arbor_stream")
        while true {
            let rows = try received()
            let more = rows.rows.count == batch
            batch = 2_000
            if more { try send("FETCH \(batch) FROM arbor_stream") }
            for values in rows.rows {
                handed += 1
                guard row(PostgresRows(columns: rows.columns, rows: [values])) else {
                    if more { _ = try? received() }
                    return handed
                }
            }
            if !more { return handed }
        }
    }

    /// Sends a statement without waiting for its answer.
    private func send(_ sql: String) throws(PostgresError) {
        guard library.sendQuery(connection, sql) != 0 else { throw PostgresError(LibPQ.text(library.errorMessage(connection))) }
    }

    /// The rows of the statement sent last, once they are all in.
    private func received() throws(PostgresError) -> PostgresRows {
        var answer: Result<PostgresRows, PostgresError>?
        while let result = library.getResult(connection) {
            defer { library.clear(result) }
            guard answer == nil else { continue }
            do throws(PostgresError) {
                try check(result)
                answer = .success(rows(of: result))
            } catch {
                answer = .failure(error)
            }
        }
        guard let answer else { throw PostgresError(LibPQ.text(library.errorMessage(connection))) }
        return try answer.get()
    }

    /// Asks the server to stop the statement running on this connection, if any.
    func cancel() {
        guard let canceller else { return }
        var buffer = [CChar](repeating: 0, count: 256)
        _ = library.cancel(canceller, &buffer, Int32(buffer.count))
    }

    private func check(_ result: OpaquePointer) throws(PostgresError) {
        let status = library.resultStatus(result)
        guard status != Int32(ARBOR_PGRES_TUPLES_OK), status != Int32(ARBOR_PGRES_COMMAND_OK) else { return }
        let state = library.resultErrorField(result, Int32(ARBOR_PG_DIAG_SQLSTATE)).map { String(cString: $0) }
        throw PostgresError(LibPQ.text(library.resultErrorMessage(result)), state: state)
    }

    private func rows(of result: OpaquePointer) -> PostgresRows {
        let fields = Int(library.nfields(result))
        let count = Int(library.ntuples(result))
        let columns = (0..<fields).map { LibPQ.text(library.fname(result, Int32($0))) }
        var rows: [[String?]] = []
        rows.reserveCapacity(count)
        for row in 0..<count {
            rows.append((0..<fields).map { field -> String? in
                if library.getisnull(result, Int32(row), Int32(field)) != 0 { return nil }
                let length = Int(library.getlength(result, Int32(row), Int32(field)))
                let bytes = UnsafeRawBufferPointer(start: library.getvalue(result, Int32(row), Int32(field)), count: length)
                return String(decoding: bytes, as: UTF8.self)
            })
        }
        return PostgresRows(columns: columns, rows: rows)
    }

    private static func withCStrings<Result>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> Result) -> Result {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return body(copies.map { UnsafePointer($0) } + [nil])
    }

    private static func withParameters<Result>(_ values: [String?], _ body: ([UnsafePointer<CChar>?], Int32) -> Result) -> Result {
        let copies = values.map { $0.map { strdup($0) } ?? nil }
        defer { copies.forEach { free($0) } }
        return body(copies.map { UnsafePointer($0) }, Int32(values.count))
    }
}

/// The rows a statement returned, every value as text (nil for NULL).
struct PostgresRows: Sendable {
    /// The columns' names, in order.
    var columns: [String]
    /// Each row's values, in the columns' order.
    var rows: [[String?]]
}
